import { getAlertTransactions, listAlerts } from "./support/api";
import { expect, test } from "./support/fixtures";

// Event search: filters in the URL (deep links), every row of a transaction search belongs to it,
// and a row opens its JSON payload.

test.use({ role: "analyst" });

async function someTransaction(): Promise<string> {
  for (const alert of await listAlerts()) {
    const [txn] = await getAlertTransactions(alert.alert_id);
    if (txn) return txn;
  }
  throw new Error("no transaction behind any alert");
}

test("searching events by transaction id lists only that transaction's events, and the URL keeps the search", async ({ page }) => {
  const txn = await someTransaction();
  await page.goto("/events");
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();

  await page.getByLabel("Transaction id").fill(txn);
  await page.getByLabel("Transaction id").press("Enter");
  await expect(page).toHaveURL(new RegExp(`transaction_id=${encodeURIComponent(txn)}`));
  await expect(rows.first()).toContainText(txn);
  for (const row of await rows.all()) await expect(row).toContainText(txn);

  // A deep link shows the same search, filled in.
  await page.goto(`/events?transaction_id=${encodeURIComponent(txn)}`);
  await expect(page.getByLabel("Transaction id")).toHaveValue(txn);
  await expect(rows.first()).toContainText(txn);

  // Opening a row shows its payload.
  await rows.first().click({ position: { x: 5, y: 5 } });
  await expect(page).toHaveURL(/[?&]event=|[?&]open=|[?&]event_id=/);
  await expect(page.getByRole("heading", { name: "Event payload" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy JSON" })).toBeVisible();
});

test("a search that matches nothing says so", async ({ page }) => {
  await page.goto("/events?transaction_id=txn_does_not_exist_e2e");
  await expect(page.getByText("No events match these filters")).toBeVisible();
});
