import { apiGet, getAlertTransactions, listAlerts } from "./support/api";
import { expect, test } from "./support/fixtures";
import { readState } from "./support/state";

// Transaction detail: an analyst records a decision (the signed-in analyst, never a form field),
// and the decision chain shows it in force over the engine's; a correction supersedes it.

test.use({ role: "analyst" });

async function transactionOfAnAlert(offset: number): Promise<string> {
  const ids: string[] = [];
  for (const alert of await listAlerts()) {
    ids.push(...(await getAlertTransactions(alert.alert_id)));
    if (ids.length > offset + 1) break;
  }
  const id = ids[ids.length - 1 - offset];
  if (!id) throw new Error("no transaction behind any alert");
  return id;
}

test("a decision entered on a transaction heads its decision chain, and a correction supersedes it", async ({ page }) => {
  const { analyst } = readState().users;
  const txn = await transactionOfAnAlert(0);
  await page.goto(`/transactions/${encodeURIComponent(txn)}`);

  const form = page.getByRole("region", { name: "Record a decision" });
  const chain = page.getByRole("region", { name: "Decision chain" }).getByRole("listitem");
  await expect(chain.filter({ hasText: "Risk engine" })).toBeVisible();

  // Notes: a live counter, and more than 1,000 characters cannot be sent.
  const notes = form.getByLabel("Notes (optional)");
  await notes.fill("x".repeat(1001));
  await expect(form.getByText("1,001 / 1,000")).toBeVisible();
  await expect(form.getByRole("button", { name: "Record decision" })).toBeDisabled();

  const note = `Card reported stolen; blocked (e2e ${Date.now()}).`;
  await form.getByRole("radio", { name: /^Block/ }).check();
  await form.getByLabel("Reason").selectOption({ label: "Confirmed fraud" });
  await notes.fill(note);
  await expect(form.getByText(`${note.length} / 1,000`)).toBeVisible();
  await form.getByRole("button", { name: "Record decision" }).click();

  const blocked = chain.filter({ hasText: note });
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText("Confirmed fraud");
  await expect(blocked).toContainText("In force");
  await expect(blocked).toContainText(analyst.name);
  await expect(blocked.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(chain.filter({ hasText: "Risk engine" })).toContainText("Superseded");

  // The record keeps what the page showed (the score, the engine's decision, the signals), in its hash.
  type Stored = { risk_score: number; decision: string; decisions: { notes: string | null; snapshot: Record<string, unknown> | null }[] };
  const stored = await apiGet<Stored>(`/v1/transactions/${encodeURIComponent(txn)}`);
  const snapshot = stored.decisions.find((d) => d.notes === note)?.snapshot;
  expect(snapshot).toMatchObject({ risk_score: stored.risk_score, decision: stored.decision });
  expect((snapshot?.signals as unknown[]).length).toBeGreaterThan(0);

  // A correction: a new record in force; the block stays in the chain, superseded.
  await form.getByRole("radio", { name: /^Allow/ }).check();
  await form.getByLabel("Reason").selectOption({ label: "Customer verified" });
  await form.getByRole("button", { name: "Record decision" }).click();
  await expect(chain.first()).toContainText("Customer verified");
  await expect(chain.first()).toContainText("In force");
  await expect(blocked).toContainText("Superseded");
  await expect(blocked).toContainText(/replaced by allow/i);
});

test("the transaction explains its score and links its evidence trail to the event search", async ({ page }) => {
  const txn = await transactionOfAnAlert(1);
  await page.goto(`/transactions/${encodeURIComponent(txn)}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/ by /);
  await expect(page.getByRole("region", { name: "Risk score" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Why this score" })).toBeVisible();
  const trail = page.getByRole("region", { name: "Evidence trail" });
  await expect(trail).toBeVisible();

  await trail.getByRole("link", { name: "Search all events" }).click();
  await expect(page).toHaveURL(new RegExp(`/events\\?transaction_id=${encodeURIComponent(txn)}`));
  await expect(page.getByLabel("Transaction id")).toHaveValue(txn);
});
