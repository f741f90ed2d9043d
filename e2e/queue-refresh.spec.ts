import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCase, scoreChallenged } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test, type Page } from "./support/fixtures";
import { highlightFirstRow } from "./support/rows";
import { readState } from "./support/state";

// Queues refresh themselves (issue 32): a queue checks for new items (every 1.5 s here, see
// global-setup) and says "N new" in a polite live region; the rows, the page, the selection and the
// focus stay as they are until the analyst asks for the new ones.

const shots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

async function expectAxeClean(page: Page) {
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
}

/** The element that has the focus, by the row's text (a transaction or case id in it). */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

test.describe("Needs review", () => {
  test.use({ role: "analyst" });

  test("a new transaction is announced while the analyst's focus stays on row 3, and shown on request", async ({ page }) => {
    const user = `refresh_${Date.now().toString(36)}`;
    const queued: string[] = [];
    for (let i = 0; i < 4; i++) queued.push(await scoreChallenged(user));

    await page.goto(`/transactions?show=review&user_id=${user}`);
    const table = page.getByRole("table", { name: /waiting for review.*oldest first/ });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(4);
    // Oldest first: the four in the order they were scored.
    for (const [index, id] of queued.entries()) await expect(rows.nth(index)).toContainText(id);

    // The analyst works the queue from the keyboard: j highlights and focuses row 1, twice more row 3.
    await highlightFirstRow(page, rows);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    const third = rows.nth(2);
    await expect(third).toBeFocused();
    await expect(third).toHaveAttribute("data-active", "");
    const url = page.url();
    const scrollY = await page.evaluate(() => window.scrollY);

    // A new one arrives through the API: the notice says so, and nothing else moves.
    const arrived = await scoreChallenged(user);
    const status = page.getByRole("status").filter({ hasText: "new transaction" });
    await expect(status).toHaveText(/^1 new transaction\s*Show$/, { timeout: 15_000 });
    await expect(third).toBeFocused();
    await expect(third).toHaveAttribute("data-active", "");
    await expect(third).toContainText(queued[2] as string);
    await expect(rows).toHaveCount(4);
    await expect(table).not.toContainText(arrived);
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

    await expectAxeClean(page);
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, "queue-refresh-needs-review.png"), animations: "disabled" });

    // Still one after further checks (the count is of arrivals, not of checks).
    await page.waitForTimeout(3_500);
    await expect(status).toHaveText(/^1 new transaction\s*Show$/);
    await expect(third).toBeFocused();

    // "Show": the queue is read again, the new one joins it (oldest first: at the end), the
    // notice goes, and the focus is back on the same row 3, where j / k continue.
    await status.getByRole("button", { name: "Show" }).click();
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(4)).toContainText(arrived);
    await expect(status).toHaveCount(0);
    await expect(rows.nth(2)).toBeFocused();
    expect(await focusedText(page)).toContain(queued[2] as string);
    await page.keyboard.press("j");
    await expect(rows.nth(3)).toBeFocused();
    await page.screenshot({ path: path.join(shots, "queue-refresh-needs-review-shown.png"), animations: "disabled" });
  });
});

test.describe("Case queue", () => {
  test.use({ role: "lead" });

  test("a new case is announced without touching the lead's selection or focus; shown, the same case stays selected", async ({ page }) => {
    const stamp = Date.now().toString(36);
    for (const n of [1, 2, 3]) await createCase(`Refresh seed ${n} ${stamp}`, "critical");

    await page.goto("/cases/queue");
    const table = page.getByRole("table", { name: /^All cases/ });
    const rows = table.locator("tbody tr");
    await expect(rows.nth(3)).toBeVisible();
    // The lead selects row 3 of all cases and the row has the focus.
    const third = rows.nth(2);
    const title = (await third.getByRole("link").first().textContent())?.trim() ?? "";
    expect(title).not.toBe("");
    const box = third.getByRole("checkbox");
    await box.check();
    await third.focus();
    await expect(third).toBeFocused();
    const bulk = page.getByRole("region", { name: "Bulk actions" });
    await expect(bulk.getByText("1 selected")).toBeVisible();

    // A critical case arrives through the API.
    const arrived = `Refresh arrival ${stamp}`;
    await createCase(arrived, "critical");
    const status = page.getByRole("status").filter({ hasText: "new case" });
    await expect(status).toHaveText(/^1 new case\s*Show$/, { timeout: 15_000 });
    await expect(third).toBeFocused();
    await expect(third).toContainText(title);
    await expect(box).toBeChecked();
    await expect(page.getByText(arrived)).toHaveCount(0);
    await expectAxeClean(page);
    await page.screenshot({ path: path.join(shots, "queue-refresh-case-queue.png"), animations: "disabled" });

    // Shown: the new case is in the queue, and the same case is still selected, highlighted and focused.
    await status.getByRole("button", { name: "Show" }).click();
    await expect(table.getByText(arrived)).toBeVisible();
    await expect(status).toHaveCount(0);
    await expect(bulk.getByText("1 selected")).toBeVisible();
    const same = rows.filter({ hasText: title }).first();
    await expect(same.getByRole("checkbox")).toBeChecked();
    await expect(same).toHaveAttribute("data-active", "");
    await expect(same).toBeFocused();
  });
});

test.describe("Watchlist review", () => {
  test.use({ role: "analyst" });

  // The "All" tab reads newest first with no grouping: a new screening lands on top. (The pending
  // tab is oldest first and groups twins, so a repeat of a demo name would join an older row.)
  test("a new possible match is announced, then shown at the top of the newest-first list", async ({ page }) => {
    await page.goto("/watchlist?review=all");
    const table = page.getByRole("table", { name: /Watchlist screenings/ });
    await expect(table).toBeVisible();
    const links = table.locator('tbody a[href^="/watchlist/"]');
    const before = await links.count();

    // A name close to a listed PEP: stored as a possible match awaiting review.
    const state = readState();
    const res = await fetch(`${state.sandboxApiUrl}/v1/identity/watchlist?name=Maria%20Jane%20Cantwell`, {
      headers: { Authorization: `Bearer ${state.secrets.testKey}` },
    });
    const screening = (await res.json()) as { screening_id: string; review_state: string };
    expect(screening.review_state).toBe("pending_review");

    const status = page.getByRole("status").filter({ hasText: "new screening" });
    await expect(status).toHaveText(/^1 new screening\s*Show$/, { timeout: 15_000 });
    const arrived = table.locator(`a[href="/watchlist/${screening.screening_id}"]`);
    await expect(links).toHaveCount(before);
    await expect(arrived).toHaveCount(0);
    await expectAxeClean(page);
    await page.screenshot({ path: path.join(shots, "queue-refresh-watchlist.png"), animations: "disabled" });

    await status.getByRole("button", { name: "Show" }).click();
    await expect(links.first()).toHaveAttribute("href", `/watchlist/${screening.screening_id}`);
    await expect(status).toHaveCount(0);
  });
});
