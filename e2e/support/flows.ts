import { expect, type Page } from "@playwright/test";
import { listCases } from "./api";

// Multi-step paths through the console that several specs need.

/**
 * From the alert queue: opens the `index`-th listed alert that has no case yet (an alert has one
 * case at a time, and the demo and earlier specs open some), presses "Open a case" and waits for
 * the new case's page. Returns the alert's summary and the case id.
 */
export async function openCaseFromQueue(page: Page, index: number): Promise<{ alertSummary: string; alertId: string; caseId: string }> {
  await page.goto("/alerts");
  const queue = page.locator("[data-alert-queue] tbody tr");
  await expect(queue.first()).toBeVisible();
  const hrefs = await queue.evaluateAll((rows) => rows.map((row) => row.querySelector("a")?.getAttribute("href") ?? ""));
  const free: number[] = [];
  for (const [row, href] of hrefs.entries()) {
    const alertId = decodeURIComponent(href.split("/").pop() ?? "");
    if ((await listCases(`alert_id=${encodeURIComponent(alertId)}`)).every((c) => c.status === "closed")) free.push(row);
  }
  expect(free.length, "alerts without a case in the queue").toBeGreaterThan(index);
  const link = queue
    .nth(free[index] as number)
    .getByRole("link")
    .first();
  const alertSummary = (await link.innerText()).trim();
  await link.click();
  await page.waitForURL(/\/alerts\/[^/?]+/);
  const alertId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
  await expect(page.getByRole("heading", { level: 1, name: alertSummary })).toBeVisible();

  await page.getByRole("button", { name: "Open a case" }).click();
  await page.waitForURL(/\/cases\/[^/?]+$/, { timeout: 30_000 });
  const caseId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
  return { alertSummary, alertId, caseId };
}

/** The case page's "Work the case" panel. */
export function caseControls(page: Page) {
  return page.getByRole("region", { name: "Work the case" });
}

/** The case page's audit log, one list item per entry. */
export function auditLog(page: Page) {
  return page.getByRole("region", { name: "Audit log" }).getByRole("listitem");
}

/** Moves the case; resolving asks for an outcome (`outcome`, "Inconclusive" unless named). */
export async function changeCaseStatus(page: Page, label: string, outcome = "Inconclusive"): Promise<void> {
  const controls = caseControls(page);
  await controls.getByLabel("Move to").selectOption({ label });
  if (label === "Resolved") await controls.getByRole("radio", { name: new RegExp(`^${outcome}`) }).check();
  await controls.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("region", { name: "Case", exact: true }).getByText(label, { exact: true })).toBeVisible();
}
