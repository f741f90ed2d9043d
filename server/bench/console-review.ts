import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tools/lib/chromium";
import { signIn } from "./console-browser";

// The Needs review queue in Chromium (issue 32: first rows and a filter applied, target ≤ 150 ms
// p50): `/transactions?show=review`, oldest first, 20 rows a page, read from
// GET /v1/transactions?review=pending. Times are taken on the page's own clock, as in
// console-browser.ts.

const ROW = "section[aria-labelledby=recent-transactions] tbody tr:has(a[href^='/transactions/'])";

// Marks the first queue row as soon as it is in the DOM (server-rendered: before hydration), and
// when the filter button was clicked.
const WATCH = `(() => {
  const sel = ${JSON.stringify(ROW)};
  const obs = new MutationObserver(() => {
    if (window.__firstReviewRowAt === undefined && document.querySelector(sel)) {
      window.__firstReviewRowAt = performance.now();
      obs.disconnect();
    }
  });
  obs.observe(document, { childList: true, subtree: true });
  document.addEventListener("click", (e) => { window.__reviewClickAt = e.timeStamp; }, true);
})();`;

declare global {
  interface Window {
    __firstReviewRowAt?: number;
    __reviewClickAt?: number;
  }
}

export type ReviewQueueResults = {
  rows_per_page: number;
  /** Navigation start → first queue row in the DOM. */
  first_rows_ms: number[];
  /** Navigation start → the server's response starts (responseStart). */
  response_start_ms: number[];
  /** Navigation start → the page's load event (scripts run, hydration under way). */
  load_ms: number[];
  /** Click on Filter (user id) → only that user's rows shown, the table no longer busy. */
  filter_ms: number[];
  filter_rows_after: number[];
  /** Of the filter: click → the list's request to the console leaves, and that request's own time (first to last byte). */
  filter_request_start_ms: number[];
  filter_request_ms: number[];
};

const round = (n: number) => Math.round(n * 10) / 10;

export async function runReviewQueue(opts: {
  baseUrl: string;
  email: string;
  password: string;
  runs: number;
  filterUser: string;
  screenshot?: string;
  log: (line: string) => void;
}): Promise<ReviewQueueResults> {
  const { baseUrl, runs, filterUser } = opts;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-GB", timezoneId: "UTC" });
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, baseUrl, opts.email, opts.password);
    const result: ReviewQueueResults = {
      rows_per_page: 0,
      first_rows_ms: [],
      response_start_ms: [],
      load_ms: [],
      filter_ms: [],
      filter_rows_after: [],
      filter_request_start_ms: [],
      filter_request_ms: [],
    };
    const url = `${baseUrl}/transactions?show=review`;

    // One unmeasured load first: the first request of a route compiles nothing under `next start`,
    // but it does warm the API's and the console's caches as any analyst's first visit would.
    await page.goto(url, { waitUntil: "load" });
    for (let i = 0; i < runs; i++) {
      await page.goto(url, { waitUntil: "load" });
      await page.waitForFunction(() => window.__firstReviewRowAt !== undefined);
      const t = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return { row: window.__firstReviewRowAt!, responseStart: nav.responseStart, load: nav.loadEventEnd };
      });
      result.first_rows_ms.push(round(t.row));
      result.response_start_ms.push(round(t.responseStart));
      result.load_ms.push(round(t.load));
      if (i === 0) result.rows_per_page = await page.locator(ROW).count();
    }
    if (opts.screenshot) await page.screenshot({ path: opts.screenshot });
    opts.log(`review queue, first rows: ${result.first_rows_ms.join(", ")} ms`);

    for (let i = 0; i < runs; i++) {
      await page.goto(url, { waitUntil: "load" });
      await page.locator(ROW).first().waitFor();
      await page.waitForLoadState("networkidle");
      await page.getByLabel("User id").fill(filterUser);
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      const doneAt = await page
        .waitForFunction(
          ({ sel, user }) => {
            const rows = [...document.querySelectorAll(sel)];
            const busy = document.querySelector("section[aria-labelledby=recent-transactions] table")?.getAttribute("aria-busy") === "true";
            return !busy &&
              location.search.includes(`user_id=${user}`) &&
              rows.length > 0 &&
              rows.every((r) => r.textContent?.includes(user))
              ? performance.now()
              : false;
          },
          { sel: ROW, user: filterUser },
          { polling: "raf", timeout: 60_000 },
        )
        .then((h) => h.jsonValue() as Promise<number>);
      const clickAt = await page.evaluate(() => window.__reviewClickAt!);
      result.filter_ms.push(round(doneAt - clickAt));
      // The read behind it: the view's fetch of /api/transactions (NaN for a server render instead).
      const read = await page.evaluate((since) => {
        const entry = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find(
          (e) => e.startTime >= since && (e.name.includes("/api/transactions?") || e.name.includes("_rsc=")) && e.initiatorType === "fetch",
        );
        return entry ? { start: entry.startTime - since, duration: entry.responseEnd - entry.startTime } : { start: NaN, duration: NaN };
      }, clickAt);
      result.filter_request_start_ms.push(round(read.start));
      result.filter_request_ms.push(round(read.duration));
      result.filter_rows_after.push(await page.locator(ROW).count());
    }
    opts.log(`review queue, filter applied: ${result.filter_ms.join(", ")} ms; its request ${result.filter_request_ms.join(", ")} ms`);
    await context.close();
    return result;
  } finally {
    await browser.close();
  }
}
