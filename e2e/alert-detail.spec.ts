import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet, listAlerts } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";

// The alert's detail (issue 32): member transactions as rows with amount, score, decision and time,
// and the evidence in plain words, never the detector's raw keys.

test.use({ role: "analyst" });

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

test("an alert shows its transactions as rows and its evidence in plain words", async ({ page }) => {
  const alerts = await listAlerts();
  // The demo's card-testing burst, when the demo raised one, else the newest alert.
  const alert = alerts.find((a) => a.alert_type === "card_testing") ?? alerts[0];
  expect(alert, "an alert in the demo data").toBeTruthy();
  const detail = await apiGet<{ evidence: Record<string, unknown>; transaction_ids: { data: string[] } }>(
    `/v1/alerts/${encodeURIComponent(alert!.alert_id)}?limit=25`,
  );
  await page.goto(`/alerts/${encodeURIComponent(alert!.alert_id)}`);

  const evidence = page.getByRole("region", { name: "Evidence" });
  const terms = await evidence.locator("dt").allInnerTexts();
  expect(terms.length).toBe(Object.keys(detail.evidence).length);
  // No raw key such as `small_share` or `window_minutes` is shown as a term.
  for (const term of terms) expect(term).not.toMatch(/^[a-z]+(_[a-z]+)+$/);
  if ("window_minutes" in detail.evidence) await expect(evidence.getByText("Time window")).toBeVisible();
  if (typeof detail.evidence.small_share === "number") {
    await expect(evidence.getByText("Share of small-amount attempts")).toBeVisible();
    await expect(evidence.getByText(`${Math.round(detail.evidence.small_share * 100)}%`, { exact: true })).toBeVisible();
  }

  const first = detail.transaction_ids.data[0];
  if (first) {
    const txn = await apiGet<{ amount: number; currency: string; risk_score: number }>(`/v1/transactions/${encodeURIComponent(first)}`);
    const row = page.getByRole("region", { name: "Transactions", exact: true }).getByRole("listitem").filter({ hasText: first });
    await expect(row.getByRole("link", { name: first })).toHaveAttribute("href", `/transactions/${first}`);
    // The amount in major units (the API's minor units / 100 for two-decimal currencies).
    const major = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(txn.amount / 100);
    await expect(row).toContainText(major);
    await expect(row).toContainText(`Score ${txn.risk_score}`);
    await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  }
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
  await page.screenshot({ path: path.join(screenshots, "alert-detail.png"), fullPage: true, animations: "disabled" });
});
