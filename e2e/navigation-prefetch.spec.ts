import type { Request } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// The console's navigation is on every page: it prefetches a section once the analyst shows
// intent (pointer over a link, keyboard focus), never on load, where a prefetch per link competed
// with the page's own render on the console server (issue 32, the Needs review queue's first rows).

test.use({ role: "analyst" });

const prefetchedPaths = (requests: Request[]) =>
  requests.filter((r) => r.headers()["next-router-prefetch"] !== undefined).map((r) => new URL(r.url()).pathname);

test("the navigation prefetches a section on hover or focus, not when a page loads", async ({ page }) => {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));

  await page.goto("/batch-scoring");
  const nav = page.getByRole("navigation", { name: "Console" });
  const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(hrefs).toEqual(expect.arrayContaining(["/overview", "/watchlist", "/identity"]));
  await page.waitForLoadState("networkidle");
  expect(
    prefetchedPaths(requests).filter((p) => hrefs.includes(p)),
    "prefetches of navigation links on load",
  ).toEqual([]);

  await nav.getByRole("link", { name: "Watchlist review" }).hover();
  await expect.poll(() => prefetchedPaths(requests)).toContain("/watchlist");
  await nav.getByRole("link", { name: "Identity review" }).focus();
  await expect.poll(() => prefetchedPaths(requests)).toContain("/identity");
  expect(prefetchedPaths(requests)).not.toContain("/overview");

  // The prefetched section opens as before.
  await nav.getByRole("link", { name: "Watchlist review" }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a queue's rows prefetch the item an analyst points at, not every row in view", async ({ page }) => {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));

  await page.goto("/alerts");
  const table = page.getByRole("table").first();
  const first = table.locator("tbody tr").first().getByRole("link").first();
  await expect(first).toBeVisible();
  await page.waitForLoadState("networkidle");
  const itemPrefetches = () => prefetchedPaths(requests).filter((p) => /^\/(alerts|users|cases)\/./.test(p));
  expect(itemPrefetches(), "prefetches of row links on load").toEqual([]);

  const target = new URL(await first.evaluate((a) => (a as HTMLAnchorElement).href)).pathname;
  await first.hover();
  await expect.poll(itemPrefetches).toContain(target);
  expect(new Set(itemPrefetches()), "only the link pointed at").toEqual(new Set([target]));
});
