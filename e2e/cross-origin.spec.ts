import type { Request } from "@playwright/test";
import { expect, test, usePreProduction } from "./support/fixtures";

// A POST from another origin (a cross-site form or fetch riding on the analyst's cookies) is
// refused with 403 and a short plain body before anything runs: Next.js's own check of server
// actions answered such a request with a 500. Same-origin actions and next-auth's routes work.

test.use({ role: "analyst" });

const EVIL = "https://evil.example";

/** Switches the header's environment to Production and returns the server action request it sent. */
async function captureSwitchAction(page: import("@playwright/test").Page): Promise<Request> {
  await page.goto("/overview");
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
  const group = page.getByRole("group", { name: "Environment" });
  await group.getByRole("button", { name: "Production", exact: true }).click();
  const request = await sent;
  await expect(group.getByRole("button", { name: "Production", exact: true })).toHaveAttribute("aria-pressed", "true");
  await usePreProduction(page);
  return request;
}

test("a server action replayed from another origin is 403 and changes nothing; from the console's own origin it runs", async ({
  page,
  baseURL,
}) => {
  const action = await captureSwitchAction(page);
  const headers = await action.allHeaders();
  const replay = (origin: string) =>
    page.request.post(action.url(), {
      headers: {
        "next-action": headers["next-action"] as string,
        "content-type": headers["content-type"] as string,
        accept: "text/x-component",
        origin,
      },
      data: action.postDataBuffer() ?? "",
      maxRedirects: 0,
    });

  const refused = await replay(EVIL);
  expect(refused.status()).toBe(403);
  expect(refused.headers()["content-type"]).toMatch(/^text\/plain/);
  expect((await refused.text()).length).toBeLessThan(200);
  await page.reload();
  await expect(page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Pre-production" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // The `null` origin (sandboxed frames, some redirects) is not the console's either.
  expect((await replay("null")).status()).toBe(403);

  const accepted = await replay(new URL(baseURL as string).origin);
  expect(accepted.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Production", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await usePreProduction(page);
});

test("any cross-origin POST to a console page is 403, sign-in and the landing page included", async ({ page }) => {
  for (const path of ["/overview", "/cases", "/transactions/txn_x", "/sign-in", "/", "/no-such-page"]) {
    const withAction = await page.request.post(path, {
      headers: { origin: EVIL, "next-action": "0".repeat(42), "content-type": "text/plain" },
      data: "[]",
      maxRedirects: 0,
    });
    expect(withAction.status(), `${path} with Next-Action`).toBe(403);
    const form = await page.request.post(path, { headers: { origin: EVIL }, form: { a: "1" }, maxRedirects: 0 });
    expect(form.status(), `${path} as a form`).toBe(403);
  }
  // A browser's own marker of a cross-site request counts even without an Origin header.
  const marked = await page.request.post("/overview", { headers: { "sec-fetch-site": "cross-site" }, form: { a: "1" }, maxRedirects: 0 });
  expect(marked.status()).toBe(403);
});

test("next-auth's own routes are left to next-auth", async ({ page }) => {
  // Its CSRF token check answers these (an OpenID provider's form_post callback is cross-origin).
  const r = await page.request.post("/api/auth/signout", { headers: { origin: EVIL }, form: { csrfToken: "x" }, maxRedirects: 0 });
  expect(r.status()).not.toBe(403);
  expect(r.status()).toBeLessThan(500);
  const session = await page.request.get("/api/auth/session");
  expect(session.status()).toBe(200);
});
