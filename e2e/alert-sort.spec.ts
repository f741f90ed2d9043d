import { apiGet, type ApiAlert } from "./support/api";
import { expect, test, type Page } from "./support/fixtures";

// The alert queue's order: "Most severe first" is in the URL (sort=severity), shows the API's
// severity order (critical → low, then oldest first), survives a reload, and starts from page one.

test.use({ role: "analyst" });

const rank: Record<string, number> = { Critical: 4, High: 3, Medium: 2, Low: 1 };
const rows = (page: Page) => page.locator("[data-alert-queue] tbody tr");
const sortSelect = (page: Page) => page.getByRole("form", { name: "Alert filters" }).getByLabel("Sort");

/** The severity words of the rows shown (textContent: critical is upper-cased by CSS only). */
async function severities(page: Page): Promise<string[]> {
  return (await rows(page).locator("td:first-child").allTextContents()).map((text) => text.trim());
}

/** The alert ids of the rows shown, from their links. */
async function rowIds(page: Page): Promise<string[]> {
  const hrefs = await rows(page)
    .locator('a[href^="/alerts/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => decodeURIComponent(href.split("/").pop() as string));
}

const nonIncreasing = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! >= value);

test("'Most severe first' orders the queue by severity, in the URL, and survives a reload", async ({ page }) => {
  // Start past the first alerts of the newest-first queue (a cursor the API issued for that
  // order): changing the order must drop the cursor, since the API refuses it for the other order.
  const newestPage = await apiGet<{ data: ApiAlert[]; next_cursor: string | null }>("/v1/alerts?limit=1");
  expect(newestPage.next_cursor).toBeTruthy();
  await page.goto(`/alerts?cursor=${encodeURIComponent(newestPage.next_cursor as string)}`);
  await expect(rows(page).first()).toBeVisible();
  await expect(sortSelect(page)).toHaveValue("created_at");
  expect(await rowIds(page)).not.toContain(newestPage.data[0]!.alert_id);

  await sortSelect(page).selectOption({ label: "Most severe first" });
  await expect(page).toHaveURL(/[?&]sort=severity(&|$)/);
  await expect(page).not.toHaveURL(/[?&]cursor=/);

  // The rows are the API's first page in severity order, and their severities never go up.
  const expected = (await apiGet<{ data: ApiAlert[] }>("/v1/alerts?sort=severity&limit=20")).data;
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => rowIds(page)).toEqual(expected.map((alert) => alert.alert_id));
  const shown = await severities(page);
  expect(
    shown.every((word) => word in rank),
    shown.join(", "),
  ).toBe(true);
  expect(nonIncreasing(shown.map((word) => rank[word]!)), shown.join(", ")).toBe(true);
  await expect(page.getByRole("table", { name: /most severe first/ })).toBeVisible();

  // A reload keeps the order: the URL is the state.
  await page.reload();
  await expect(sortSelect(page)).toHaveValue("severity");
  await expect(page).toHaveURL(/[?&]sort=severity(&|$)/);
  await expect.poll(() => rowIds(page)).toEqual(expected.map((alert) => alert.alert_id));
  expect(nonIncreasing((await severities(page)).map((word) => rank[word]!))).toBe(true);

  // Back to newest first: the parameter leaves the URL (it is the default).
  await sortSelect(page).selectOption({ label: "Newest first" });
  await expect(page).not.toHaveURL(/[?&]sort=/);
  const newest = (await apiGet<{ data: ApiAlert[] }>("/v1/alerts?limit=20")).data;
  await expect.poll(() => rowIds(page)).toEqual(newest.map((alert) => alert.alert_id));
});
