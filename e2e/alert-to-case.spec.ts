import { apiGet, getAlertTransactions } from "./support/api";
import { expect, test } from "./support/fixtures";
import { auditLog, caseControls, changeCaseStatus, openCaseFromQueue } from "./support/flows";
import { readState } from "./support/state";

// The analyst's core loop: an alert from the queue becomes a case, which is worked to resolved.

test.use({ role: "analyst" });

test("an alert from the queue becomes a case linked to it", async ({ page }) => {
  const { alertSummary, alertId, caseId } = await openCaseFromQueue(page, 0);

  // The case carries the alert: its summary as title, its transactions linked.
  await expect(page.getByRole("heading", { level: 1, name: alertSummary })).toBeVisible();
  await expect(page.getByText(caseId, { exact: true }).first()).toBeVisible();
  const alertTxns = await getAlertTransactions(alertId);
  const linked = page.getByRole("region", { name: /Linked transactions/ });
  if (alertTxns[0]) await expect(linked.getByText(alertTxns[0], { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Case", exact: true }).getByText("Open", { exact: true })).toBeVisible();

  // The API agrees, and names the signed-in analyst as the one who opened it.
  const kase = await apiGet<{
    title: string;
    transaction_ids: string[];
    events: { action: string; actor_id: string | null; note?: string }[];
  }>(`/v1/cases/${encodeURIComponent(caseId)}`);
  expect(kase.title).toBe(alertSummary);
  expect(kase.transaction_ids).toEqual(expect.arrayContaining(alertTxns.slice(0, 1)));
  expect(kase.events[0]).toMatchObject({ action: "created", actor_id: readState().users.analyst.id });
  // The case names the alert it came from, on its audit log.
  expect(kase.events[1]).toMatchObject({ action: "note_added", note: expect.stringContaining(alertId) });
  await expect(auditLog(page).filter({ hasText: alertId })).toHaveCount(1);

  // The case links back to its alert, and the alert now leads to this case instead of opening another.
  await page.getByRole("region", { name: "Case", exact: true }).getByRole("link", { name: alertId }).click();
  await page.waitForURL(new RegExp(`/alerts/${alertId}$`));
  await expect(page.getByRole("button", { name: "Open a case" })).toHaveCount(0);
  // Its transactions and users lead to their pages.
  const alertUsers = (await apiGet<{ user_ids: { data: string[] } }>(`/v1/alerts/${encodeURIComponent(alertId)}?limit=25`)).user_ids.data;
  if (alertTxns[0]) {
    const txnLink = page.getByRole("region", { name: "Transactions", exact: true }).getByRole("link", { name: alertTxns[0], exact: true });
    await expect(txnLink).toHaveAttribute("href", `/transactions/${alertTxns[0]}`);
  }
  if (alertUsers[0]) {
    const userLink = page.getByRole("region", { name: "Users", exact: true }).getByRole("link", { name: alertUsers[0], exact: true });
    await expect(userLink).toHaveAttribute("href", `/users/${encodeURIComponent(alertUsers[0])}`);
  }
  await page.getByRole("link", { name: "Go to case" }).click();
  await page.waitForURL(new RegExp(`/cases/${caseId}$`));
  expect(
    (await apiGet<{ data: { case_id: string }[] }>(`/v1/cases?alert_id=${encodeURIComponent(alertId)}`)).data.map((c) => c.case_id),
  ).toEqual([caseId]);
});

test("a case moves to in review, then resolved with a note; the audit log shows who and when", async ({ page }) => {
  const { analyst } = readState().users;
  const who = new RegExp(`${analyst.name}|${analyst.id}`);
  await openCaseFromQueue(page, 1);

  await changeCaseStatus(page, "In review");
  await changeCaseStatus(page, "Resolved");
  const note = `Confirmed with the cardholder: not their purchases (e2e ${Date.now()}).`;
  await caseControls(page).getByLabel("Add a note").fill(note);
  await caseControls(page).getByRole("button", { name: "Add note" }).click();
  await expect(caseControls(page).getByLabel("Add a note")).toHaveValue("");

  const entries = auditLog(page);
  const toReview = entries.filter({ hasText: /from Open to In review/ });
  const toResolved = entries.filter({ hasText: /from In review to Resolved/ });
  const noted = entries.filter({ hasText: note });
  for (const entry of [toReview, toResolved, noted]) {
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(who);
    // Every entry carries its time, machine-readable.
    await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  }
  // After resolving, the only legal moves are back to review or on to closed.
  const moves = await caseControls(page).getByLabel("Move to").locator("option").allInnerTexts();
  expect(moves.sort()).toEqual(["Closed", "In review"]);
});
