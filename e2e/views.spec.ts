import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { leaksIn } from "./support/leaks";
import { recordResponses, recordedInWorker } from "./support/recorder";
import { allViews, findSubjects, openView, type Subjects, type View } from "./support/views";

// Every view of the console, once each (one visit serves both checks, to keep the run short):
//   - a full-page screenshot at 1440×900 in test-results/screenshots/<view>.png (not committed),
//     to look at after a change;
//   - axe-core in the page: no serious or critical violation (quality bar), listed readably.

const dir = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

let subjects: Subjects;
test.beforeAll(async () => {
  subjects = await findSubjects();
});

// The views' ids come from the demo data, which exists only once the global setup ran: the tests
// are declared from placeholder ids and read the real path when they run.
const placeholder: Subjects = { alertId: "-", caseId: "-", transactionId: "-", userId: undefined };

for (const declared of allViews(placeholder)) {
  test.describe(() => {
    test.use({ role: declared.role });
    test(`${declared.name} (${declared.role ?? "signed out"}): screenshot, no serious or critical axe violation`, async ({ page }) => {
      const view = allViews(subjects).find((v) => v.name === declared.name) as View;
      await openView(page, view);
      await page.screenshot({ path: path.join(dir, `${view.name}.png`), fullPage: true, animations: "disabled" });
      const violations = (await runAxe(page, { exclude: view.axeExclude })).filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      );
      expect(
        violations.map((v) => `${v.impact}: ${v.id} (${v.nodes.length} element${v.nodes.length === 1 ? "" : "s"})`),
        `axe on ${view.path}:\n${describeViolations(violations)}`,
      ).toEqual([]);
    });
  });
}

// Last: the leak check over every response this worker's pages received, in this file's tour and
// in every spec before it (sign-ins, server actions, RSC payloads, redirects, headers). When the
// file runs alone the tour above still covers every page. It also switches environment and back.
test.describe(() => {
  test.use({ role: "analyst" });
  test("no key, secret or internal address in any response the browser received", async ({ page }) => {
    const own = recordResponses(page);
    await page.goto("/overview");
    const group = page.getByRole("group", { name: "Environment" });
    await group.getByRole("button", { name: "Production", exact: true }).click();
    await expect(group.getByRole("button", { name: "Production", exact: true })).toHaveAttribute("aria-pressed", "true");
    await group.getByRole("button", { name: "Pre-production" }).click();
    await expect(group.getByRole("button", { name: "Pre-production" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await own.flush();

    const responses = [...recordedInWorker, ...own.responses];
    expect(responses.length).toBeGreaterThan(50);
    const leaks = leaksIn(responses);
    expect(leaks, `secrets in ${responses.length} recorded responses:\n${leaks.join("\n")}`).toEqual([]);
  });
});
