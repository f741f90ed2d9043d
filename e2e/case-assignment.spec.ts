import { apiGet, createCase, listCases } from "./support/api";
import { expect, test } from "./support/fixtures";
import { auditLog, caseControls } from "./support/flows";
import { readState } from "./support/state";
import type { ApiCase } from "./support/api";

// A lead hands a case to an analyst; analysts take work with "Next case", which never gives the
// same case to two people.

const caseAssignee = async (id: string) => (await apiGet<ApiCase>(`/v1/cases/${encodeURIComponent(id)}`)).assignee_id;

async function unassignedOpenCases(): Promise<ApiCase[]> {
  return (await listCases("status=open")).filter((c) => c.assignee_id === null);
}

// Enough waiting work for both tests, whatever the demo and the other specs left.
test.beforeAll(async () => {
  const missing = 4 - (await unassignedOpenCases()).length;
  for (let i = 0; i < missing; i++) await createCase(`Refund abuse check ${i + 1} (e2e)`, "low");
});

test("a lead assigns a case to an analyst, who then takes another with Next case", async ({ as }) => {
  const { analyst } = readState().users;
  const waiting = await unassignedOpenCases();
  const handed = waiting[waiting.length - 1] as ApiCase;

  const lead = await as("lead");
  await lead.goto(`/cases/${encodeURIComponent(handed.case_id)}`);
  await caseControls(lead).getByLabel("Assignee").selectOption({ label: analyst.name });
  await caseControls(lead).getByRole("button", { name: "Reassign" }).click();
  // The same confirmation as the queue's menu: an optional reason, recorded in the audit.
  const dialog = lead.getByRole("dialog", { name: `Assign to ${analyst.name}` });
  await dialog.getByLabel("Reason (optional)").fill("Has the merchant's history");
  await dialog.getByRole("button", { name: "Reassign" }).click();
  await expect(lead.getByText(`Assigned to ${analyst.name}`)).toBeVisible();
  await expect(lead.getByRole("region", { name: "Case", exact: true }).getByText(analyst.name)).toBeVisible();
  await expect(auditLog(lead).filter({ hasText: `assigned the case to ${analyst.name}` })).toHaveCount(1);
  expect(await caseAssignee(handed.case_id)).toBe(analyst.id);
  const audit = await apiGet<{ events: { action: string; reason?: string }[] }>(`/v1/cases/${encodeURIComponent(handed.case_id)}`);
  expect(audit.events.some((e) => e.action === "assignee_changed" && e.reason === "Has the merchant's history")).toBe(true);

  const page = await as("analyst");
  await page.goto("/cases");
  await page.getByRole("button", { name: "Next case" }).click();
  await page.waitForURL(/\/cases\/[^/?]+$/);
  const claimed = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
  expect(claimed).not.toBe(handed.case_id);
  await expect(caseControls(page).getByText("This case is assigned to you.")).toBeVisible();
  expect(await caseAssignee(claimed)).toBe(analyst.id);
});

test("two people pressing Next case at the same moment get different cases", async ({ as }) => {
  const [first, second] = await Promise.all([as("analyst"), as("lead")]);
  await Promise.all([first.goto("/cases"), second.goto("/cases")]);

  await Promise.all([first.getByRole("button", { name: "Next case" }).click(), second.getByRole("button", { name: "Next case" }).click()]);
  await Promise.all([first.waitForURL(/\/cases\/[^/?]+$/), second.waitForURL(/\/cases\/[^/?]+$/)]);
  const a = new URL(first.url()).pathname;
  const b = new URL(second.url()).pathname;
  expect(a).not.toBe(b);
  const { analyst, lead } = readState().users;
  expect(await caseAssignee(decodeURIComponent(a.split("/").pop() as string))).toBe(analyst.id);
  expect(await caseAssignee(decodeURIComponent(b.split("/").pop() as string))).toBe(lead.id);
});
