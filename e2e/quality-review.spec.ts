import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet, createCase } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test, type Page } from "./support/fixtures";
import { caseControls } from "./support/flows";
import { readState } from "./support/state";

// Blind second review (issue 34): at a draw rate of 100 %, a case the analyst resolves is drawn;
// another person reviews it without seeing the outcome, then both are shown; the lead's report
// counts the agreement.

test.use({ role: "admin" });

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");
fs.mkdirSync(screenshots, { recursive: true });
const shots = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true, animations: "disabled" });
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: "disabled" });
}

async function axeClean(page: Page) {
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
}

test("a resolved case is reviewed blind by another analyst, then revealed, and the lead sees the agreement", async ({ page, as }) => {
  test.setTimeout(180_000); // three people, two forms, a chart: slow on a loaded machine
  const { analyst } = readState().users;

  // The admin draws every resolved case (100 %) in pre-production.
  await page.goto("/settings/policies");
  const policy = page.getByRole("region", { name: "Quality review" });
  await policy.getByLabel("Share drawn (%)").fill("100");
  await policy.getByRole("button", { name: "Save share" }).click();
  await expect(page.getByText("100 % of resolved cases will be drawn")).toBeVisible();
  await expect(policy.getByLabel("Share drawn (%)")).toHaveValue("100");

  // Analyst A investigates and resolves a case as confirmed fraud.
  const title = `Quality e2e ${Date.now().toString(36)}`;
  const caseId = await createCase(title, "high", { notes: "Three cards from one device in a minute" });
  const a = await as("analyst");
  await a.goto(`/cases/${encodeURIComponent(caseId)}`);
  const controls = caseControls(a);
  await controls.getByLabel("Move to").selectOption({ label: "Resolved" });
  await controls.getByRole("radio", { name: /^Confirmed fraud/ }).check();
  await controls.getByRole("button", { name: "Change status" }).click();
  await expect
    .poll(async () => (await apiGet<{ resolution: string | null }>(`/v1/cases/${encodeURIComponent(caseId)}`)).resolution, {
      timeout: 30_000,
    })
    .toBe("confirmed_fraud");

  // A's own queue leaves the case out: nobody reviews their own resolution.
  await a.goto("/quality");
  await expect(a.getByRole("heading", { level: 1, name: "Quality review" })).toBeVisible();
  await expect(a.getByRole("link", { name: title })).toHaveCount(0);

  // Analyst B (here the admin) finds it in the quality queue and opens it: blind.
  await page.goto("/quality");
  await expect(page.getByRole("link", { name: "Quality review" }).first()).toBeVisible();
  await page.getByRole("region", { name: "Waiting for a second review" }).getByRole("link", { name: title }).click();
  await page.waitForURL(/\/quality\/qr_/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Blind review")).toBeVisible();
  await expect(page.getByText("Three cards from one device in a minute")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("region", { name: "Case", exact: true })).not.toContainText(/Confirmed fraud|Resolved/);
  await expect(main).not.toContainText(analyst.name);
  await expect(main.getByRole("link", { name: caseId })).toHaveCount(0);
  await axeClean(page);
  await shot(page, "quality-review-blind");

  // B gives their own outcome; the answer reveals A's, side by side: they agree.
  const form = page.getByRole("region", { name: "Your resolution" });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "Choose the outcome" })).toBeVisible();
  await form.getByRole("radio", { name: /^Confirmed fraud/ }).check();
  await form.getByLabel("Notes").fill("Same device, three cards: fraud.");
  await form.getByRole("button", { name: "Submit confirmed fraud" }).click();
  const reveal = page.getByRole("region", { name: "Both resolutions" });
  await expect(reveal).toBeVisible();
  await expect(reveal.getByText("Agreed")).toBeVisible();
  await expect(reveal).toContainText(analyst.name);
  await expect(reveal.getByText("Confirmed fraud")).toHaveCount(2);
  await expect(reveal).toContainText("Same device, three cards: fraud.");
  await axeClean(page);
  await shot(page, "quality-review-revealed");

  // The lead's report counts A's resolution as reviewed and agreed with.
  const lead = await as("lead");
  await lead.goto("/quality/report");
  await expect(lead.getByRole("heading", { level: 1, name: "Review quality" })).toBeVisible();
  const row = lead.getByRole("region", { name: "Per analyst" }).getByRole("row", { name: new RegExp(analyst.name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).not.toHaveText("0");
  await expect(lead.getByRole("img", { name: /weekly agreement rate per analyst/ })).toBeVisible();
  await expect(lead.locator(".recharts-legend-item").filter({ hasText: analyst.name })).toBeVisible();
  await expect(lead.locator(".recharts-line-dot, .recharts-dot").first()).toBeVisible();
  await lead.getByRole("button", { name: "Overturns" }).click();
  await expect(lead.getByRole("heading", { name: "Overturns per analyst, by week" })).toBeVisible();
  await lead.getByRole("button", { name: "Agreement" }).click();
  await axeClean(lead);
  await shot(lead, "quality-report");

  // Put the share back to the default, for the specs that follow.
  await page.goto("/settings/policies");
  await page.getByRole("region", { name: "Quality review" }).getByLabel("Share drawn (%)").fill("5");
  await page.getByRole("region", { name: "Quality review" }).getByRole("button", { name: "Save share" }).click();
  await expect(page.getByText("5 % of resolved cases will be drawn")).toBeVisible();
});
