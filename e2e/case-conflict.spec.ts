import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./support/fixtures";
import { caseControls } from "./support/flows";
import { createCase, getCaseEvents } from "./support/api";

// Two tabs on one case (issue 29, "Versions and conflicts"): the first resolves it; the second,
// still showing it open, moves it to "In review". The second change is refused, the tab says what
// changed meanwhile, and the analyst may redo their change on the case as it is now.

test.use({ role: "analyst" });

test("a change made on a case that another tab changed meanwhile is refused, says what changed, and can be redone", async ({
  page,
  as,
}) => {
  const caseId = await createCase(`Two tabs ${Date.now()}`);
  // Both tabs are the analyst's, in pre-production (the signed-in state chose it), where the case is.
  const second = await as("analyst");
  for (const tab of [page, second]) await tab.goto(`/cases/${encodeURIComponent(caseId)}`);

  // Tab 1 resolves the case.
  await caseControls(page).getByLabel("Move to").selectOption({ label: "Resolved" });
  await caseControls(page)
    .getByRole("radio", { name: /^Inconclusive/ })
    .check();
  await caseControls(page).getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("Status changed")).toBeVisible();

  // Tab 2 still shows it open and moves it to In review: refused, with what changed.
  await caseControls(second).getByLabel("Move to").selectOption({ label: "In review" });
  await caseControls(second).getByRole("button", { name: "Change status" }).click();
  const notice = caseControls(second).getByRole("alert").filter({ hasText: "Changed while you were looking" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("changed the status from Open to Resolved");
  // Nothing was applied: the audit log still ends with the resolution.
  expect((await getCaseEvents(caseId)).map((e) => e.action)).toEqual(["created", "status_changed", "resolution_changed"]);
  // The tab now shows the case as it is.
  await expect(second.getByRole("region", { name: "Case", exact: true }).getByText("Resolved", { exact: true })).toBeVisible();
  const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");
  await second.screenshot({ path: path.join(screenshots, "case-conflict.png"), fullPage: true, animations: "disabled" });

  // Redo: the move to In review is legal from Resolved, and now applies on the current version.
  await notice.getByRole("button", { name: "Redo: move to In review" }).click();
  await expect(second.getByText("Status changed")).toBeVisible();
  await expect(second.getByRole("region", { name: "Case", exact: true }).getByText("In review", { exact: true })).toBeVisible();
  const events = await getCaseEvents(caseId);
  // Back in review, the outcome is cleared.
  expect(events.map((e) => e.action)).toEqual(["created", "status_changed", "resolution_changed", "status_changed", "resolution_changed"]);
});
