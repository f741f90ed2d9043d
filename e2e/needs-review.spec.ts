import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet, scoreChallenged, type ListPage } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { highlightFirstRow } from "./support/rows";
import { readState } from "./support/state";

// The Needs review queue (issue 32): challenged or blocked transactions without an analyst's
// decision, oldest first, reached from the overview, worked from the keyboard, each decision
// moving on to the next pending one.

test.use({ role: "analyst" });

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");
type Pending = { transaction_id: string; created_at: string; decision: string; latest_decision: unknown };
const pendingNow = async () => (await apiGet<ListPage<Pending>>("/v1/transactions?review=pending&order=asc&limit=5")).data;

test("the overview leads to the Needs review queue, which is decided by keyboard, one after another", async ({ page }) => {
  const pending = await pendingNow();
  expect(pending.length, "pending transactions in the demo data").toBeGreaterThanOrEqual(3);
  for (const t of pending) expect(["challenge", "block"]).toContain(t.decision);

  await page.goto("/overview");
  await page.getByRole("link", { name: "Review the challenged and blocked ones" }).click();
  await page.waitForURL(/\/transactions\?show=review$/);
  const table = page.getByRole("table", { name: /waiting for review.*oldest first/ });
  const rows = table.locator("tbody tr");
  // Oldest first, as the API orders them.
  for (const [index, t] of pending.slice(0, 3).entries()) await expect(rows.nth(index)).toContainText(t.transaction_id);
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
  await page.screenshot({ path: path.join(screenshots, "needs-review.png"), fullPage: true, animations: "disabled" });

  // j / k / Enter: the second row, then back to the first, opened.
  await highlightFirstRow(page, rows);
  await page.keyboard.press("j");
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press("Enter");
  const first = pending[0]!.transaction_id;
  await page.waitForURL(new RegExp(`/transactions/${first}\\?queue=review$`));

  // The keyboard starts on the decision: Allow (Space), the reason, then "Record and go to next".
  const form = page.getByRole("region", { name: /decision/i }).filter({ has: page.getByRole("button", { name: "Record and go to next" }) });
  const allow = form.getByRole("radio", { name: /^Allow/ });
  await expect(allow).toBeFocused();
  await page.keyboard.press("Space");
  await expect(allow).toBeChecked();
  await form.getByLabel("Reason").selectOption("customer_verified");
  await form.getByRole("button", { name: "Record and go to next" }).focus();
  await page.keyboard.press("Enter");

  // The next pending one opens, its decision focused; the decided one left the queue, by this analyst.
  const second = pending[1]!.transaction_id;
  await page.waitForURL(new RegExp(`/transactions/${second}\\?queue=review$`));
  await expect(page.getByRole("radio", { name: /^Allow/ })).toBeFocused();
  const decided = await apiGet<{ decisions: { decision: string; analyst_id: string | null }[] }>(`/v1/transactions/${first}`);
  expect(decided.decisions.at(-1)).toMatchObject({ decision: "allow", analyst_id: readState().users.analyst.id });
  expect((await pendingNow()).map((t) => t.transaction_id)).not.toContain(first);
  await page.screenshot({ path: path.join(screenshots, "needs-review-next.png"), fullPage: true, animations: "disabled" });

  // Back to the queue: the decided one is gone, the next one heads it.
  await page.getByRole("link", { name: "Needs review" }).first().click();
  await page.waitForURL(/\/transactions\?show=review$/);
  await expect(rows.first()).toContainText(second);
  await expect(table).not.toContainText(first);
});

test("a user filter is applied in the page: the rows are read through the console's route, with no server render of the page", async ({
  page,
  playwright,
}) => {
  const stamp = Date.now().toString(36);
  const [first, second] = [`filter_a_${stamp}`, `filter_b_${stamp}`];
  const firstIds = [await scoreChallenged(first), await scoreChallenged(first)];
  const secondIds = [await scoreChallenged(second), await scoreChallenged(second), await scoreChallenged(second)];

  await page.goto(`/transactions?show=review&user_id=${first}`);
  const table = page.getByRole("table", { name: /waiting for review.*oldest first/ });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  for (const [index, id] of firstIds.entries()) await expect(rows.nth(index)).toContainText(id);

  // From here on: any server render of this page (a navigation's RSC request) and the route's reads.
  const renders: string[] = [];
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // Links are prefetched (the rows' pages, the navigation's "Transactions"): not a render of this page.
    const headers = request.headers();
    const rsc = url.searchParams.has("_rsc") || headers["rsc"] === "1";
    if (url.pathname === "/transactions" && rsc && !headers["next-router-prefetch"]) renders.push(url.pathname + url.search);
    if (url.pathname === "/api/transactions") reads.push(url.search);
  });
  await page.evaluate(() => Object.assign(window, { __samePage: true }));

  await page.getByLabel("User id").fill(second);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]user_id=${second}`));
  await expect(rows).toHaveCount(3);
  for (const [index, id] of secondIds.entries()) await expect(rows.nth(index)).toContainText(id);
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  expect(renders, "no server render of the page for a filter").toEqual([]);
  expect(reads).toEqual([`?show=review&user_id=${second}`]);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

  // The route itself: a bad parameter is a 400 naming it; without a session, a 401 (not the sign-in page).
  const bad = await page.request.get("/api/transactions?show=everything");
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { param?: string } }).error.param).toBe("show");
  // (The test's options would lend this context the analyst's cookies: none, explicitly.)
  const signedOut = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    storageState: { cookies: [], origins: [] },
  });
  const refused = await signedOut.get("/api/transactions?show=review", { maxRedirects: 0 });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/session has ended/);
  await signedOut.dispose();

  // Back: the first user's rows again, from the URL, and the keyboard still works the queue.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]user_id=${first}`));
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(firstIds[0] as string);
  await highlightFirstRow(page, rows);
  await page.keyboard.press("j");
  await expect(rows.nth(1)).toBeFocused();
});
