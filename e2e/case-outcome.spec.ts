import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { caseControls, openCaseFromQueue } from "./support/flows";
import { readState } from "./support/state";

// Outcomes that flow (issue 32): resolving a case needs an outcome; its open alerts are resolved
// with it, and confirmed fraud labels the case's transactions in the analyst's name.

test.use({ role: "analyst" });

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

type ApiAlertDetail = {
  status: string;
  resolution: string | null;
  case_id: string | null;
  history: { action: string; actor_id: string; case_id?: string; to?: string | null }[];
};
type ApiTransaction = { decisions: { decision: string; reason: string; analyst_id: string | null }[] };

test("a case resolved as confirmed fraud resolves its alert and labels its transactions", async ({ page }) => {
  const { analyst } = readState().users;
  const { alertId, caseId } = await openCaseFromQueue(page, 0);
  const kase = await apiGet<{ transaction_ids: string[]; alert_ids: string[] }>(`/v1/cases/${encodeURIComponent(caseId)}`);
  expect(kase.alert_ids).toEqual([alertId]);

  // The case lists its alert, still open.
  const alerts = page.getByRole("region", { name: /Linked alerts/ });
  await expect(alerts.getByRole("link", { name: alertId })).toBeVisible();
  await expect(alerts.locator(`[data-alert-id="${alertId}"]`)).not.toContainText("Resolved");

  // Resolving without an outcome is refused in the form, before anything is sent.
  const controls = caseControls(page);
  await controls.getByLabel("Move to").selectOption({ label: "Resolved" });
  await controls.getByRole("button", { name: "Change status" }).click();
  await expect(controls.getByRole("alert").filter({ hasText: "Choose the outcome" })).toBeVisible();
  expect((await apiGet<{ status: string }>(`/v1/cases/${encodeURIComponent(caseId)}`)).status).toBe("open");

  // Confirmed fraud offers to label the linked transactions, in the same step.
  await controls.getByRole("radio", { name: /^Confirmed fraud/ }).check();
  const label = controls.getByRole("checkbox", { name: /as confirmed fraud/ });
  await expect(label).toBeChecked();
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
  await page.screenshot({ path: path.join(screenshots, "case-resolve-outcome.png"), fullPage: true, animations: "disabled" });
  await controls.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("region", { name: "Case", exact: true }).getByText("Confirmed fraud", { exact: true })).toBeVisible();
  if (kase.transaction_ids.length > 0) await expect(page.getByText(/labelled as confirmed fraud/)).toBeVisible();

  // The alert is resolved with the case's outcome, recorded in both histories.
  await expect(alerts.locator(`[data-alert-id="${alertId}"]`)).toContainText("Resolved");
  await expect(alerts.locator(`[data-alert-id="${alertId}"]`)).toContainText("Confirmed fraud");
  const log = page.getByRole("region", { name: "Audit log" }).getByRole("listitem");
  await expect(log.filter({ hasText: "resolved 1 linked alert as Confirmed fraud" })).toHaveCount(1);
  const alert = await apiGet<ApiAlertDetail>(`/v1/alerts/${encodeURIComponent(alertId)}`);
  expect(alert).toMatchObject({ status: "resolved", resolution: "confirmed_fraud", case_id: caseId });
  expect(alert.history.filter((h) => h.case_id === caseId && h.action === "resolution_changed")).toHaveLength(1);

  // Each linked transaction now carries a confirmed-fraud decision by the signed-in analyst.
  for (const id of kase.transaction_ids) {
    const txn = await apiGet<ApiTransaction>(`/v1/transactions/${encodeURIComponent(id)}`);
    expect(txn.decisions.at(-1)).toMatchObject({ decision: "block", reason: "confirmed_fraud", analyst_id: analyst.id });
  }

  // The alert page shows its outcome, its case and its history.
  await alerts.getByRole("link", { name: alertId }).click();
  await page.waitForURL(new RegExp(`/alerts/${alertId}$`));
  const facts = page.getByRole("region", { name: "Alert", exact: true });
  await expect(facts.getByText("Confirmed fraud", { exact: true })).toBeVisible();
  await expect(facts.getByRole("link", { name: caseId })).toBeVisible();
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(history.filter({ hasText: `linked the alert to case ${caseId}` })).toHaveCount(1);
  await expect(history.filter({ hasText: `set the outcome to Confirmed fraud (through case ${caseId})` })).toHaveCount(1);
  await page.screenshot({ path: path.join(screenshots, "alert-outcome-history.png"), fullPage: true, animations: "disabled" });
});

test("resolving an alert needs an outcome, which its page then shows", async ({ page }) => {
  await page.goto("/alerts?status=open");
  await page.locator("[data-alert-queue] tbody tr").first().getByRole("link").first().click();
  await page.waitForURL(/\/alerts\/[^/?]+$/);
  const alertId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
  await page.getByRole("button", { name: "Resolve…", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Resolve alert" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Choose the outcome" })).toBeVisible();
  await dialog.getByRole("radio", { name: /^False positive/ }).check();
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
  await dialog.getByRole("button", { name: "Resolve alert" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Alert", exact: true }).getByText("False positive", { exact: true })).toBeVisible();
  const alert = await apiGet<ApiAlertDetail>(`/v1/alerts/${encodeURIComponent(alertId)}`);
  expect(alert).toMatchObject({ status: "resolved", resolution: "false_positive" });
  expect(alert.history.at(-1)?.actor_id).toBe(readState().users.analyst.id);
});
