import { openDatabase } from "../db/client";
import type { Scope } from "../db/scope";
import { updatePolicy } from "../domain/scoring/policy-admin";
import { scorePayload } from "./payloads";

// The Needs review queue of `npm run bench:console` (issue 32): 10,000 transactions challenged or
// blocked by the engine and not decided by an analyst. They are real scores, sent through the API's
// sandbox listener (the scoring route, its group commit and detection), with pre-production score
// bands that challenge every score and block the riskier ones; the bands are set with the domain's
// own updatePolicy while the API is stopped (one process per PGlite folder).

/** Every score is at least 0, so every score is challenged; from BLOCK_AT on it is blocked. */
export const REVIEW_BANDS = { challenge: 0, block: 30 } as const;

/** Sets the bands in this process (the API must not hold the folder). */
export async function setReviewBands(dataDir: string, scope: Scope): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await updatePolicy(database.db, scope, { score_bands: REVIEW_BANDS }, { replace: false, analystId: "bench:console" });
  } finally {
    await database.close();
  }
}

export type ReviewSeedSummary = {
  scored: number;
  pending: number;
  by_decision: Record<string, number>;
  seconds: number;
  scores_per_second: number;
  /** The user with the most pending items: the bench's user filter. */
  filter_user: string;
  filter_user_items: number;
};

/** Scores `count` transactions through the sandbox listener, `concurrency` in flight. */
export async function scoreReviewItems(
  sandboxUrl: string,
  testKey: string,
  count: number,
  log: (line: string) => void,
  concurrency = 16,
): Promise<ReviewSeedSummary> {
  const started = Date.now();
  const byDecision: Record<string, number> = {};
  const perUser = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const body = scorePayload();
      const res = await fetch(`${sandboxUrl}/v1/transactions/score`, {
        method: "POST",
        headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`scoring a review item failed: HTTP ${res.status} ${text.slice(0, 300)}`);
      const { decision } = JSON.parse(text) as { decision: string };
      byDecision[decision] = (byDecision[decision] ?? 0) + 1;
      if (decision !== "allow") {
        const user = (body.user as { id: string }).id;
        perUser.set(user, (perUser.get(user) ?? 0) + 1);
      }
      const done = Object.values(byDecision).reduce((a, b) => a + b, 0);
      if (done % 2000 === 0) log(`scored ${done} / ${count} review items (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - started) / 1000;
  const [filterUser, filterItems] = [...perUser].reduce((best, e) => (e[1] > best[1] ? e : best), ["", 0] as [string, number]);
  return {
    scored: count,
    pending: count - (byDecision.allow ?? 0),
    by_decision: byDecision,
    seconds: Math.round(seconds * 10) / 10,
    scores_per_second: Math.round(count / seconds),
    filter_user: filterUser,
    filter_user_items: filterItems,
  };
}

export type ReviewApiTimings = { queue_ms: number[]; filtered_ms: number[]; healthz_ms: number[]; rows: number; filtered_rows: number };

/**
 * The API alone, one request at a time from the sandbox listener: the queue's first page, the
 * same with the user filter, and /healthz of the same server in the same loop (the yardstick).
 */
export async function reviewApiTimings(sandboxUrl: string, key: string, filterUser: string, samples: number): Promise<ReviewApiTimings> {
  const get = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${sandboxUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { data?: unknown[] };
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: Math.round((performance.now() - t0) * 100) / 100, rows: body.data?.length ?? 0 };
  };
  const queue = "/v1/transactions?review=pending&order=asc";
  const filtered = `${queue}&user_id=${encodeURIComponent(filterUser)}`;
  const out: ReviewApiTimings = { queue_ms: [], filtered_ms: [], healthz_ms: [], rows: (await get(queue)).rows, filtered_rows: 0 };
  out.filtered_rows = (await get(filtered)).rows;
  await get("/healthz");
  for (let i = 0; i < samples; i++) {
    out.queue_ms.push((await get(queue)).ms);
    out.filtered_ms.push((await get(filtered)).ms);
    out.healthz_ms.push((await get("/healthz")).ms);
  }
  return out;
}
