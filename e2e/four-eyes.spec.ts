import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { apiGet, createCase } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { caseControls } from "./support/flows";

// Four-eyes end to end (issue 34): an admin makes false-positive resolutions wait for a second
// person; an analyst's resolution is held (the case unchanged), the maker cannot approve it, and a
// lead approves it from the approvals queue, after which the case is resolved as the maker asked.

// Three people, each in their own context through as(): a `role` here would give every context
// made during the test that role's cookies. Each sign-in checks a password hash: slow on a busy machine.
test.use({ actionTimeout: 60_000 });
test.setTimeout(300_000);

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

async function expectAxeClean(page: Page): Promise<void> {
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
}

/** The admin's four-eyes settings on the policies page; an empty exposure turns the hold off. */
async function setExposure(admin: Page, exposure: string): Promise<void> {
  await admin.goto("/settings/policies");
  const section = admin.getByRole("region", { name: "Four-eyes approvals" });
  const field = section.getByLabel(/from an exposure of/);
  // Already so (an earlier run left it): nothing to save.
  if ((await field.inputValue()) !== exposure) {
    await field.fill(exposure);
    await section.getByRole("button", { name: "Save approval policy" }).click();
    await expect(admin.getByText(/Approval policy of Pre-production saved/)).toBeVisible();
  }
  // Saved: the section starts afresh on the new version (nothing to save until something changes).
  await expect(section.getByRole("button", { name: "Save approval policy" })).toBeDisabled();
  await expect(section.getByLabel(/from an exposure of/)).toHaveValue(exposure);
  // The saved version re-renders the section (a new element): retry the shot until it holds still.
  if (exposure !== "")
    await expect(async () => {
      await section.screenshot({ path: path.join(screenshots, "four-eyes-settings.png"), animations: "disabled", timeout: 5_000 });
    }).toPass({ timeout: 20_000 });
}

test("a false-positive resolution waits for a lead other than its maker, then applies", async ({ as }) => {
  const admin = await as("admin");
  // 0: every false-positive resolution is held, whatever the demo case's transactions add up to.
  await setExposure(admin, "0");
  try {
    const page = await as("analyst");
    // A case of its own: by this spec, earlier ones have opened cases for the queue's first alerts.
    const caseId = await createCase(`Four-eyes check ${Date.now().toString(36)} (e2e)`, "low");
    await page.goto(`/cases/${encodeURIComponent(caseId)}`);
    const controls = caseControls(page);
    await controls.getByLabel("Move to").selectOption({ label: "Resolved" });
    await controls.getByRole("radio", { name: /^False positive/ }).check();
    await controls.getByRole("button", { name: "Change status" }).click();

    // Held: the case is unchanged and the page says so, with a link to the approval.
    const notice = page.getByTestId("held-notice");
    await expect(notice).toContainText("Sent for approval");
    await expect(page.getByRole("region", { name: "Case", exact: true }).getByText("Open", { exact: true })).toBeVisible();
    expect(await apiGet<{ status: string; resolution: string | null }>(`/v1/cases/${encodeURIComponent(caseId)}`)).toMatchObject({
      status: "open",
      resolution: null,
    });
    await page.reload();
    await expect(page.getByTestId("held-notice")).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, "case-sent-for-approval.png"), fullPage: true, animations: "disabled" });

    // The maker sees their request but no way to decide it.
    await page.getByTestId("held-notice").getByRole("link", { name: "Open the approval" }).click();
    await page.waitForURL(/\/approvals\/apr_[^/?]+$/);
    const approvalUrl = new URL(page.url()).pathname;
    await expect(page.getByText("You asked for this")).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await page.screenshot({ path: path.join(screenshots, "approval-as-maker.png"), fullPage: true, animations: "disabled" });
    await page.goto("/approvals");
    await expect(page.getByRole("link", { name: "Case resolved as false positive" }).first()).toBeVisible();

    // A lead finds it in the queue and sees it beside the case as it is now.
    const lead = await as("lead");
    await lead.goto("/approvals");
    const row = lead.getByRole("row").filter({ hasText: caseId });
    await expect(row).toHaveCount(1);
    await expectAxeClean(lead);
    await lead.screenshot({ path: path.join(screenshots, "approvals-queue.png"), fullPage: true, animations: "disabled" });
    await row.getByRole("link", { name: "Case resolved as false positive" }).click();
    await lead.waitForURL(new RegExp(`${approvalUrl}$`));
    const now = lead.getByRole("region", { name: "As it is now" });
    const decided = lead.getByRole("region", { name: "What the maker decided" });
    await expect(now).toContainText("Open");
    await expect(decided).toContainText("False positive");
    await expectAxeClean(lead);
    await lead.screenshot({ path: path.join(screenshots, "approval-side-by-side.png"), fullPage: true, animations: "disabled" });

    // A reason is required; then the approval applies the maker's resolution.
    const decide = lead.getByRole("region", { name: "Your decision" });
    await decide.getByRole("button", { name: "Approve" }).click();
    await expect(decide.getByText("Give a reason")).toBeVisible();
    await decide.getByLabel("Reason").fill("Refund records match the customer's account.");
    await decide.getByRole("button", { name: "Approve" }).click();
    await expect(lead.getByText(/^Approved by/)).toBeVisible();
    expect(await apiGet<{ status: string; resolution: string | null }>(`/v1/cases/${encodeURIComponent(caseId)}`)).toMatchObject({
      status: "resolved",
      resolution: "false_positive",
    });
  } finally {
    await setExposure(admin, "");
  }
});
