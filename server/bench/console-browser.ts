import { chromium, type Browser, type BrowserContext, type Page, type Response } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tools/lib/chromium";

// The browser half of `npm run bench:console`: real Chromium against `next start`, signed in as
// the bootstrap admin. Times are taken inside the page (event timestamps and Performance API,
// one clock) or from Chromium's own request timing, not from round trips to this process.

const ROW = "[data-alert-queue] tbody tr:has(a[href^='/alerts/'])";

// Marks the first alert row as soon as it is in the DOM (it is server-rendered: this is before
// hydration) and records when it was, on the page's own clock.
const FIRST_ROW_WATCH = `(() => {
  // The default buffer (250 entries) fills during the acknowledgements; endSinceClick reads it.
  performance.setResourceTimingBufferSize(100000);
  const sel = ${JSON.stringify(ROW)};
  const check = () => {
    if (window.__firstRowAt === undefined && document.querySelector(sel)) {
      window.__firstRowAt = performance.now();
      obs.disconnect();
    }
  };
  const obs = new MutationObserver(check);
  obs.observe(document, { childList: true, subtree: true });
  // Clicks and changes: when the measured interaction began, on the same clock.
  document.addEventListener("click", (e) => { window.__lastClickAt = e.timeStamp; window.__lastClickEpoch = performance.timeOrigin + e.timeStamp; }, true);
  document.addEventListener("change", (e) => { window.__lastChangeAt = e.timeStamp; }, true);
})();`;

declare global {
  interface Window {
    __firstRowAt?: number;
    __lastClickAt?: number;
    __lastClickEpoch?: number;
    __lastChangeAt?: number;
  }
}

export type Samples = number[];
export type BrowserResults = {
  chromium: string;
  rows_per_page: number;
  first_render: { first_row_ms: Samples; response_start_ms: Samples; dom_content_loaded_ms: Samples; load_ms: Samples };
  filter_critical: { ui_ms: Samples; rsc_request_ms: Samples; rows_after: number[] };
  next_page: { ui_ms: Samples; rsc_request_ms: Samples };
  /** A cold load of /alerts in a fresh browser context (signed in): the scripts as served. */
  cold_alerts_scripts: { count: number; encoded_bytes: number; decoded_bytes: number };
  acknowledge: { response_headers_ms: Samples; response_end_ms: Samples; row_gone_ms: Samples };
  switch_environment: { response_headers_ms: Samples; response_end_ms: Samples; ui_ms: Samples };
  stalled_samples: { at: string; what: string; completed_ms?: number; page?: unknown; screenshot?: string }[];
};

const round = (n: number) => Math.round(n * 10) / 10;

/** Whether a request is a server action (Next.js marks it with a `next-action` header). */
const isAction = (r: Response) => r.request().method() === "POST" && r.request().headers()["next-action"] !== undefined;

/**
 * The server render behind a client navigation: the RSC fetch (`?_rsc=`) the router started at
 * or after `since`, from its start to its last byte (the stream, not just its first bytes: the
 * headers leave before the page's data is read). NaN when there was none.
 */
function rscSince(page: Page, since: number): Promise<number> {
  return page.evaluate((since) => {
    const entry = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find(
      (e) => e.initiatorType === "fetch" && e.startTime >= since && e.name.includes("_rsc="),
    );
    return entry ? Math.round((entry.responseEnd - entry.startTime) * 10) / 10 : NaN;
  }, since);
}

/** Response headers, in ms after the click, from Chromium's timing of the request. */
async function headersSinceClick(page: Page, res: Response): Promise<number> {
  const clickEpoch = await page.evaluate(() => window.__lastClickEpoch ?? NaN);
  const t = res.request().timing();
  return round(t.startTime + t.responseStart - clickEpoch);
}

/**
 * When the action's response body was complete, in ms after the click: the page's resource
 * timing entry of the POST (a fetch to the page's own URL, without `_rsc`), which the browser
 * adds only once the body is complete. NaN when there is none (the body had not ended yet).
 * Playwright's response.finished() never settles for these responses, hence the Performance API.
 */
async function endSinceClick(page: Page): Promise<number> {
  return page.evaluate(() => {
    const click = window.__lastClickAt ?? 0;
    const entry = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find(
      (e) => e.initiatorType === "fetch" && e.startTime >= click && !e.name.includes("_rsc="),
    );
    return entry ? Math.round((entry.responseEnd - click) * 10) / 10 : NaN;
  });
}

/** Loads /alerts and waits until the page is hydrated and quiet (nothing measured). */
async function openQueue(page: Page, baseUrl: string, query = ""): Promise<void> {
  await page.goto(`${baseUrl}/alerts${query}`, { waitUntil: "load" });
  await page.locator(ROW).first().waitFor();
  await page.waitForLoadState("networkidle");
}

const firstRowId = (page: Page) => page.locator(ROW).first().locator("a[href^='/alerts/']").first().getAttribute("href");

/** Signs in as the bootstrap admin and makes sure pre-production (where the bench seeds) is chosen. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/overview", { timeout: 60_000 });
  const pre = page.getByRole("group", { name: "Environment" }).getByRole("button", { name: "Pre-production" });
  if ((await pre.getAttribute("aria-pressed")) !== "true") {
    await pre.click();
    await page.waitForFunction(() =>
      document.querySelector("[role=group][aria-label=Environment] button[aria-pressed=true]")?.textContent?.includes("Pre-production"),
    );
  }
}

/** A cold /alerts in a fresh context (signed in): the scripts as served, against the build manifest. */
async function coldScripts(browser: Browser, context: BrowserContext, baseUrl: string, result: BrowserResults): Promise<void> {
  const cold = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: await context.storageState() });
  const coldPage = await cold.newPage();
  await coldPage.goto(`${baseUrl}/alerts`, { waitUntil: "load" });
  await coldPage.waitForLoadState("networkidle");
  result.cold_alerts_scripts = await coldPage.evaluate(() => {
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) =>
      /\.js(\?|$)/.test(new URL(e.name).pathname),
    );
    return {
      count: scripts.length,
      encoded_bytes: scripts.reduce((n, e) => n + e.encodedBodySize, 0),
      decoded_bytes: scripts.reduce((n, e) => n + e.decodedBodySize, 0),
    };
  });
  await cold.close();
}

export async function runBrowser(opts: {
  baseUrl: string;
  email: string;
  password: string;
  runs: number;
  acknowledgements: number;
  /** Only the first rows and the filter (`--only review`): what the review queue is compared with. */
  queuesOnly?: boolean;
  /** Where to save a screenshot of a sample that did not complete. */
  screenshotDir?: string;
  log: (line: string) => void;
}): Promise<BrowserResults> {
  const { baseUrl, runs, log } = opts;
  // A sample that takes over 10 s is looked at while it hangs (what the page shows, a screenshot)
  // and then waited for up to 90 s more; one that never completes is recorded as NaN instead of
  // ending the run. The report lists them.
  const stalls: { at: string; what: string; completed_ms?: number; page?: unknown; screenshot?: string }[] = [];
  let current: Page | undefined;
  const settle = async <A>(what: string, fn: (arg: A) => number | false, arg: A): Promise<number> => {
    const page = current!;
    // The generic A does not narrow to playwright's Unboxed<A>; the arguments passed are plain data.
    const poll = fn as unknown as (arg: unknown) => number | false;
    const wait = (timeout: number) =>
      page.waitForFunction(poll, arg as unknown, { polling: "raf", timeout }).then((h) => h.jsonValue() as Promise<number>);
    try {
      return await wait(10_000);
    } catch {
      const at = new Date().toISOString();
      const stall: (typeof stalls)[number] = { at, what };
      stall.page = await page
        .evaluate(
          (sel) => ({
            url: location.pathname + location.search,
            busy: document.querySelector("[data-alert-queue] table")?.getAttribute("aria-busy"),
            rows: [...document.querySelectorAll(sel)].slice(0, 5).map((r) => r.querySelector("td")?.textContent),
            pageLabel: document.querySelector("nav[aria-label=Pagination] p")?.textContent,
            pressed: document.querySelector("[role=group][aria-label=Environment] button[aria-pressed=true]")?.textContent,
          }),
          ROW,
        )
        .catch((e: Error) => e.message);
      if (opts.screenshotDir) {
        stall.screenshot = `${opts.screenshotDir}/console-stall-${at.replace(/[:.]/g, "-")}.png`;
        await page.screenshot({ path: stall.screenshot }).catch(() => undefined);
      }
      stalls.push(stall);
      log(`${what}: not done after 10 s: ${JSON.stringify(stall.page)}`);
      const done = await wait(90_000).catch(() => NaN);
      stall.completed_ms = done;
      return done;
    }
  };
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-GB", timezoneId: "UTC" });
    await context.addInitScript(FIRST_ROW_WATCH);
    const page = await context.newPage();
    current = page;
    page.setDefaultTimeout(60_000);

    await signIn(page, baseUrl, opts.email, opts.password);
    const envGroup = page.getByRole("group", { name: "Environment" });
    log("signed in as the bootstrap admin, pre-production selected");

    const result: BrowserResults = {
      chromium: browser.version(),
      rows_per_page: 0,
      first_render: { first_row_ms: [], response_start_ms: [], dom_content_loaded_ms: [], load_ms: [] },
      filter_critical: { ui_ms: [], rsc_request_ms: [], rows_after: [] },
      next_page: { ui_ms: [], rsc_request_ms: [] },
      cold_alerts_scripts: { count: 0, encoded_bytes: 0, decoded_bytes: 0 },
      acknowledge: { response_headers_ms: [], response_end_ms: [], row_gone_ms: [] },
      switch_environment: { response_headers_ms: [], response_end_ms: [], ui_ms: [] },
      stalled_samples: stalls,
    };

    // (a) Navigation start → first alert row in the DOM, plus the server render's responseStart.
    for (let i = 0; i < runs; i++) {
      await page.goto(`${baseUrl}/alerts`, { waitUntil: "load" });
      await page.waitForFunction(() => window.__firstRowAt !== undefined);
      const t = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return { row: window.__firstRowAt!, responseStart: nav.responseStart, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
      });
      result.first_render.first_row_ms.push(round(t.row));
      result.first_render.response_start_ms.push(round(t.responseStart));
      result.first_render.dom_content_loaded_ms.push(round(t.dcl));
      result.first_render.load_ms.push(round(t.load));
      if (i === 0) result.rows_per_page = await page.locator(ROW).count();
    }
    log(`first render: ${result.first_render.first_row_ms.join(", ")} ms`);

    // Cross-check of the build-manifest numbers: a cold /alerts in a fresh context, as served.
    if (!opts.queuesOnly) await coldScripts(browser, context, baseUrl, result);

    // (b) Severity = Critical in the filter UI → every row on screen is critical and settled.
    for (let i = 0; i < runs; i++) {
      await openQueue(page, baseUrl);
      await page.getByLabel("Severity").selectOption("critical");
      const doneAt = await settle(
        "filter",
        (sel: string) => {
          const rows = [...document.querySelectorAll(sel)];
          const table = document.querySelector("[data-alert-queue] table");
          const settled = table?.getAttribute("aria-busy") !== "true" && location.search.includes("severity=critical");
          return settled && rows.length > 0 && rows.every((r) => r.querySelector("td")?.textContent?.includes("Critical"))
            ? performance.now()
            : false;
        },
        ROW,
      );
      const changeAt = await page.evaluate(() => window.__lastChangeAt!);
      result.filter_critical.ui_ms.push(round(doneAt - changeAt));
      result.filter_critical.rsc_request_ms.push(await rscSince(page, changeAt));
      result.filter_critical.rows_after.push(await page.locator(ROW).count());
    }
    log(`filter: ${result.filter_critical.ui_ms.join(", ")} ms`);
    if (opts.queuesOnly) {
      await context.close();
      return result;
    }

    // (c) Next page: page 1 → 2 → … of the unfiltered queue, each until the new rows are settled.
    await openQueue(page, baseUrl);
    for (let i = 0; i < runs; i++) {
      const before = await firstRowId(page);
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next" }).click();
      const doneAt = await settle(
        "next page",
        ({ sel, before, pageNo }: { sel: string; before: string | null; pageNo: number }) => {
          const first = document.querySelector(`${sel} a[href^='/alerts/']`)?.getAttribute("href");
          const table = document.querySelector("[data-alert-queue] table");
          const label = document.querySelector("nav[aria-label=Pagination] p")?.textContent ?? "";
          return first && first !== before && table?.getAttribute("aria-busy") !== "true" && label.includes(`Page ${pageNo}`)
            ? performance.now()
            : false;
        },
        { sel: ROW, before, pageNo: i + 2 },
      );
      const clickAt = await page.evaluate(() => window.__lastClickAt!);
      result.next_page.ui_ms.push(round(doneAt - clickAt));
      // The page sequence cannot go on from an unknown page.
      if (Number.isNaN(doneAt)) break;
      result.next_page.rsc_request_ms.push(await rscSince(page, clickAt));
      await page.waitForLoadState("networkidle");
    }
    log(`next page: ${result.next_page.ui_ms.join(", ")} ms`);

    if (process.env.BENCH_DEBUG) log("acknowledge: opening the queue");
    // (d) Acknowledge the first open alert, one after another: click → the action's response,
    // and click → the row has left the (open) queue after the refresh.
    await openQueue(page, baseUrl);
    for (let i = 0; i < opts.acknowledgements; i++) {
      const row = page.locator(ROW).first();
      const id = await firstRowId(page);
      const action = page.waitForResponse(isAction);
      await row.getByRole("button", { name: /^Acknowledge alert/ }).click();
      const res = await action;
      if (process.env.BENCH_DEBUG) log(`ack ${i}: action answered ${res.status()}`);
      if (res.status() !== 200) throw new Error(`acknowledge: the action answered HTTP ${res.status()}`);
      const headers = await headersSinceClick(page, res);
      const goneAt = await settle(
        "acknowledge",
        ({ sel, id }: { sel: string; id: string | null }) => {
          const first = document.querySelector(`${sel} a[href^='/alerts/']`)?.getAttribute("href");
          const table = document.querySelector("[data-alert-queue] table");
          return first && first !== id && table?.getAttribute("aria-busy") !== "true" ? performance.now() : false;
        },
        { sel: ROW, id },
      );
      const clickAt = await page.evaluate(() => window.__lastClickAt!);
      result.acknowledge.response_headers_ms.push(headers);
      result.acknowledge.response_end_ms.push(await endSinceClick(page));
      result.acknowledge.row_gone_ms.push(round(goneAt - clickAt));
      if (Number.isNaN(goneAt)) await openQueue(page, baseUrl);
      if (process.env.BENCH_DEBUG)
        log(`ack ${i}: ${headers} / ${result.acknowledge.response_end_ms.at(-1)} / ${round(goneAt - clickAt)} ms`);
      await page.waitForLoadState("networkidle");
    }
    log(`acknowledge (click → response headers): ${result.acknowledge.response_headers_ms.join(", ")} ms`);

    // The environment switch (a server action that sets a cookie and revalidates the layout):
    // to production and back, `runs` times each, on the alert queue.
    await openQueue(page, baseUrl);
    for (let i = 0; i < runs * 2; i++) {
      const target = i % 2 === 0 ? "Production" : "Pre-production";
      const action = page.waitForResponse(isAction);
      await envGroup.getByRole("button", { name: target, exact: true }).click();
      const res = await action;
      if (res.status() !== 200) throw new Error(`switch environment: the action answered HTTP ${res.status()}`);
      const headers = await headersSinceClick(page, res);
      const doneAt = await settle(
        "switch environment",
        (target: string) => {
          const pressed = document.querySelector("[role=group][aria-label=Environment] button[aria-pressed=true]")?.textContent?.trim();
          const table = document.querySelector("[data-alert-queue] table");
          return pressed === target && table?.getAttribute("aria-busy") !== "true" ? performance.now() : false;
        },
        target,
      );
      const clickAt = await page.evaluate(() => window.__lastClickAt!);
      result.switch_environment.response_headers_ms.push(headers);
      result.switch_environment.response_end_ms.push(await endSinceClick(page));
      result.switch_environment.ui_ms.push(round(doneAt - clickAt));
      await page.waitForLoadState("networkidle");
    }
    log(`switch environment (click → response headers): ${result.switch_environment.response_headers_ms.join(", ")} ms`);
    await context.close();
    return result;
  } finally {
    await browser.close();
  }
}
