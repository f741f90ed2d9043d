import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "../../test/harness";
import { rows } from "../../db/client";
import { scoringPipeline } from "./pipeline";
import { toScoreInput } from "./request";
import type { ScoreJob } from "./score-transaction";

let api: TestApi;
let accountId: string;
beforeAll(async () => {
  api = await startTestApi();
  accountId = (await api.key()).accountId;
});
afterAll(() => api?.close());

const job = (userId: string): ScoreJob => ({
  input: toScoreInput(
    { accountId, environment: "live" },
    { amount: 1200, currency: "USD", payment_method: { type: "card" }, user: { id: userId } },
    new Date(),
  ),
  startedAt: performance.now(),
  live: true,
});

describe("the scoring pipeline", () => {
  it("fails only the request the database refuses, not the others of its batch", async () => {
    const pipeline = scoringPipeline(api.deps.database, api.deps.jobs);
    const stamp = Date.now().toString(36);
    // Submitted in one turn of the event loop, so they form one batch. The HTTP layer refuses a NUL
    // (storable-text.ts); here it stands for any value that fails the batch's write.
    const users = [0, 1, 2, 3, 4].map((i) => (i === 2 ? `bad\u0000${stamp}` : `mate${i}-${stamp}`));
    const settled = await Promise.allSettled(users.map((u) => pipeline.submit(job(u))));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const stored = await rows<{ user_id: string }>(
      api.deps.database.db,
      sql`select user_id from transactions where user_id like ${`mate%-${stamp}`} order by user_id`,
    );
    expect(stored.map((r) => r.user_id)).toEqual(users.filter((_, i) => i !== 2));
    const events = await rows<{ n: number }>(
      api.deps.database.db,
      sql`select count(*)::int as n from events where user_id like ${`mate%-${stamp}`}`,
    );
    expect(events[0]?.n).toBe(4);
  });
});
