import { apiGet, type ListPage } from "./support/api";
import { expect, test } from "./support/fixtures";

// The recent-transactions list can show the engine's blocks alone: the rows are exactly the
// environment's newest `transaction.blocked` events, the choice is in the URL, and "Every score"
// goes back to the full list.

test.use({ role: "analyst" });

test("Show → Blocked by the engine lists the blocked transactions, newest first, and the URL keeps it", async ({ page }) => {
  const blocked = (await apiGet<ListPage<{ transaction_id: string }>>("/v1/events?event_type=transaction.blocked&limit=20")).data.map(
    (e) => e.transaction_id,
  );
  expect(blocked.length, "the demo traffic blocks some transactions").toBeGreaterThan(0);

  await page.goto("/transactions");
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(page.getByRole("heading", { name: "Recently scored" })).toBeVisible();
  await expect(rows.first()).toBeVisible();

  await page.getByLabel("Show").selectOption({ label: "Blocked by the engine" });
  await expect(page).toHaveURL(/show=blocked/);
  await expect(page.getByRole("heading", { name: "Recently blocked" })).toBeVisible();
  await expect(rows).toHaveCount(blocked.length);
  for (const [i, id] of blocked.entries()) await expect(rows.nth(i)).toContainText(id);

  // A deep link shows the same list, with the choice filled in.
  await page.goto("/transactions?show=blocked");
  await expect(page.getByLabel("Show")).toHaveValue("blocked");
  await expect(rows.first()).toContainText(blocked[0] as string);

  await page.getByLabel("Show").selectOption({ label: "Every score" });
  await expect(page).not.toHaveURL(/show=/);
  await expect(page.getByRole("heading", { name: "Recently scored" })).toBeVisible();
});
