import fs from "node:fs";
import { apiGet, createCase, type ApiCase } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test, type Page } from "./support/fixtures";
import { readState } from "./support/state";
import { addUser } from "./support/users";

// The lead's desk (issue 33): an SLA breach appearing on a case, the breach forecast, the workload
// strip with an idle analyst, automatic assignment of a new case, and a reassignment with a
// reason and undo. Every policy changed here is put back, so other specs see the usual desk.

const SHOTS = process.env.DESK_SHOTS_DIR ?? "test-results/screenshots";
const getCase = (id: string) => apiGet<ApiCase & { sla_state: string; due_at: string }>(`/v1/cases/${encodeURIComponent(id)}`);

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectAxeClean(page: Page) {
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function openCaseOfType(title: string, caseType: string, severity = "medium"): Promise<string> {
  const state = readState();
  const res = await fetch(`${state.sandboxApiUrl}/v1/cases`, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.secrets.testKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title, case_type: caseType, severity }),
  });
  if (!res.ok) throw new Error(`POST /v1/cases: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { case_id: string }).case_id;
}

async function reviewAndSave(page: Page, region: string, dialogTitle: RegExp) {
  const section = page.getByRole("region", { name: region });
  await section.getByRole("button", { name: "Review and save" }).click();
  const confirm = page.getByRole("alertdialog", { name: dialogTitle });
  await expect(confirm).toBeVisible();
  return { section, confirm };
}

/** Sets the critical case due time on the policies page through its review dialog. */
async function setCriticalCaseSla(page: Page, minutes: string, check = false) {
  await page.goto("/settings/policies");
  const sla = page.getByRole("region", { name: "Service levels (SLA)" });
  await sla.getByLabel("Critical (minutes)").first().fill(minutes);
  await expect(sla.getByText("1 unsaved change")).toBeVisible();
  const { confirm } = await reviewAndSave(page, "Service levels (SLA)", /Save the SLA policy/);
  await expect(confirm.getByRole("list", { name: "Changes" })).toContainText("Critical cases: due");
  if (check) {
    await shot(page, "desk-sla-review");
    await expectAxeClean(page);
  }
  await confirm.getByRole("button", { name: "Save 1 change" }).click();
  await expect(confirm).toBeHidden();
  await expect(sla.getByText("No unsaved changes")).toBeVisible();
}

test.describe("as an admin", () => {
  test.use({ role: "admin" });

  test("a case with a short SLA shows its breach", async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto("/settings/policies");
    const field = page.getByRole("region", { name: "Service levels (SLA)" }).getByLabel("Critical (minutes)").first();
    // Put back what was there (a run stopped half-way leaves the test value: then the default, 4 h).
    const found = await field.inputValue();
    const original = found === "0.2" ? "240" : found;
    if (found === "0.2") await setCriticalCaseSla(page, original);
    await setCriticalCaseSla(page, "0.2", true);
    try {
      const title = `SLA breach ${Date.now().toString(36)}`;
      const id = await createCase(title, "critical");
      await page.goto(`/cases/${id}`);
      await expect(page.getByText(/due in|overdue by/).first()).toBeVisible();
      // 12 seconds after opening it is overdue: the page shows it once reloaded.
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.locator('[data-sla-state="breached"]').count();
          },
          { timeout: 60_000, intervals: [3_000] },
        )
        .toBeGreaterThan(0);
      await expect(page.getByText(/overdue by/).first()).toBeVisible();
      expect((await getCase(id)).sla_state).toBe("breached");
      await shot(page, "desk-case-breached");
      await expectAxeClean(page);
    } finally {
      await setCriticalCaseSla(page, original);
    }
  });

  test("a new case is assigned automatically by a rule", async ({ page }) => {
    const { analyst } = readState().users;
    await page.goto("/settings/policies");
    const section = page.getByRole("region", { name: "Case assignment" });
    await section.getByRole("radio", { name: "Automatic" }).check();
    await section.getByRole("button", { name: "Add rule" }).click();
    const rule = section.getByRole("group", { name: "Rule 1" });
    await rule.getByRole("checkbox", { name: "Chargeback" }).check();
    await rule.getByRole("checkbox", { name: analyst.name }).check();
    const { confirm } = await reviewAndSave(page, "Case assignment", /Save the assignment policy/);
    await expect(confirm.getByRole("list", { name: "Changes" })).toContainText("Mode: manual → auto");
    await expect(confirm.getByRole("list", { name: "Changes" })).toContainText(`chargeback; any severity → ${analyst.name}`);
    await shot(page, "desk-assignment-review");
    await confirm.getByRole("button", { name: /Save 2 changes/ }).click();
    await expect(confirm).toBeHidden();

    try {
      const title = `Auto chargeback ${Date.now().toString(36)}`;
      const id = await openCaseOfType(title, "chargeback");
      await expect.poll(async () => (await getCase(id)).assignee_id, { timeout: 20_000 }).toBe(analyst.id);
      await page.goto(`/cases/${id}`);
      await expect(page.getByText(analyst.name).first()).toBeVisible();
    } finally {
      await page.goto("/settings/policies");
      const again = page.getByRole("region", { name: "Case assignment" });
      await again.getByRole("radio", { name: "Manual" }).check();
      await again.getByRole("button", { name: "Remove rule 1" }).click();
      const undo = await reviewAndSave(page, "Case assignment", /Save the assignment policy/);
      await undo.confirm.getByRole("button", { name: /Save \d changes?/ }).click();
      await expect(undo.confirm).toBeHidden();
    }
  });
});

test.describe("as a lead", () => {
  test.use({ role: "lead" });

  test("the breach forecast on the overview and the case queue explains its arithmetic", async ({ page }) => {
    for (const path of ["/overview", "/cases/queue"]) {
      await page.goto(path);
      const forecast = page.getByRole("region", { name: /Breach forecast/ });
      await expect(forecast).toBeVisible();
      await expect(forecast.locator("tbody tr")).toHaveCount(4);
      await expect(forecast.locator('tr[data-severity="critical"]')).toContainText(/opened and \d+ resolved in the last 8 h/);
      await forecast.getByText("How the forecast is worked out").click();
      await expect(forecast.getByText(/\(overdue \+ k\) \/ μ hours/)).toBeVisible();
      await shot(page, `desk-forecast${path.replaceAll("/", "-")}`);
      await expectAxeClean(page);
    }
  });

  test("the workload strip lists an idle analyst, and a lead sets someone away and back", async ({ page }) => {
    const { analyst } = readState().users;
    // A new analyst holds no case and closed none (earlier specs gave the others work): listed all
    // the same, free, nothing waiting.
    const idleName = `Ida Idle ${Date.now().toString(36)}`;
    await addUser(readState().dataDir, {
      account: "demo",
      role: "analyst",
      email: `${idleName.replaceAll(" ", ".").toLowerCase()}@argus.test`,
      name: idleName,
      password: `Idle-${Date.now()}-password`,
    });
    await page.goto("/cases/queue");
    const strip = page.getByRole("region", { name: /Workload/ });
    await expect(strip).toBeVisible();
    const idle = strip.getByRole("listitem").filter({ hasText: idleName });
    await expect(idle).toContainText("0 open · 0 in review");
    await expect(idle).toContainText("nothing waiting");
    await expect(idle).toContainText("closed 0 today · 0 in 7 days");
    await expect(idle.getByText("Free", { exact: true })).toBeVisible();

    const person = strip.getByRole("listitem").filter({ hasText: analyst.name });
    await person.getByRole("button", { name: `Set away: ${analyst.name}` }).click();
    await expect(person.getByText("Away", { exact: true })).toBeVisible();
    await shot(page, "desk-workload");
    await expectAxeClean(page);
    await person.getByRole("button", { name: `Set available: ${analyst.name}` }).click();
    await expect(person.getByRole("button", { name: `Set away: ${analyst.name}` })).toBeVisible();

    await idle.getByRole("link").click();
    await expect(page).toHaveURL(/assignee_id=/);
  });

  test("a reassignment with a reason can be undone", async ({ page }) => {
    const { analyst } = readState().users;
    const title = `Reassign me ${Date.now().toString(36)}`;
    const id = await createCase(title, "high");
    await page.goto("/cases/queue?assignee_id=none&sort=created_at");
    await page.getByLabel(`Assignee of ${title}`).first().selectOption({ label: analyst.name });
    const dialog = page.getByRole("dialog", { name: `Assign to ${analyst.name}` });
    await dialog.getByLabel("Reason (optional)").fill("Knows this merchant");
    await shot(page, "desk-reassign-dialog");
    await expectAxeClean(page);
    await dialog.getByRole("button", { name: "Reassign" }).click();
    await expect(page.getByText(`Assigned to ${analyst.name}`)).toBeVisible();
    await expect.poll(async () => (await getCase(id)).assignee_id).toBe(analyst.id);
    const detail = await apiGet<{ events: { action: string; reason?: string }[] }>(`/v1/cases/${id}`);
    expect(detail.events.some((e) => e.action === "assignee_changed" && e.reason === "Knows this merchant")).toBe(true);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Assignment undone")).toBeVisible();
    await expect.poll(async () => (await getCase(id)).assignee_id).toBe(null);
  });
});
