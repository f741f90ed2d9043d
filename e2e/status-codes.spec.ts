import { expect, test } from "./support/fixtures";

// Unknown addresses and ids show the not-found page, refused pages the 403 page, and the HTTP
// status says the same (monitoring and crawlers count a soft 404 or 403 as a success).

test.use({ role: "analyst" });

test("an unknown console address answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "There is no page at this address" })).toBeVisible();
});

for (const path of ["/cases/case_does_not_exist", "/alerts/alert_does_not_exist"]) {
  test(`${path} shows the not-found page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "There is no page at this address" })).toBeVisible();
  });
}

test("an unknown transaction id shows the transaction's own not-found page", async ({ page }) => {
  const response = await page.goto("/transactions/txn_does_not_exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such transaction in this environment" })).toBeVisible();
});

// notFound() / forbidden() must run before a loading.tsx boundary streams, or the document is
// already committed as HTTP 200: detail routes check role and existence in their layout, and the
// queues' skeletons live in a (list) route group that does not wrap the detail routes.
for (const [path, status] of [
  ["/cases/case_does_not_exist", 404],
  ["/alerts/alert_does_not_exist", 404],
  ["/transactions/txn_does_not_exist", 404],
  ["/watchlist/scr_does_not_exist", 404],
  ["/identity/idv_does_not_exist", 404],
  ["/cases/queue", 403],
  ["/settings/webhooks/whk_does_not_exist", 403],
] as const) {
  test(`${path} answers HTTP ${status} to an analyst`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
  });
}
