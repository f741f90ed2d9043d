import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "../../test/harness";
import { rows } from "../../db/client";
import { ordinaryCustomers } from "../../cli/demo-stream/ordinary";
import { createRng } from "../../cli/demo-stream/rng";
import { DemoClient, runFlows as run } from "../../cli/demo-stream/client";
import { alertRows, harness, settle } from "../../test/detection-support";

// The other half of every detector test: ordinary traffic raises nothing. The demo's ordinary
// customers (households sharing an IP, returning devices, second cards, KYC, decisions, address
// changes from known devices), a few thousand live scores of them, through the HTTP API.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

it("a few thousand ordinary transactions over many users, cards, IPs and devices raise no alert", { timeout: 120_000 }, async () => {
  const h = await harness(api, "ordinary-co");
  const flows = ordinaryCustomers(createRng(20260101), "ord", 450, { purchases: [3, 6] });
  const failures: unknown[] = [];
  // Without idempotency keys, so scores take the API's group-commit path (a few times faster).
  // Every write queued its own detection work; the test API runs no job runner, so the queue is
  // evaluated afterwards (windows are anchored at each write's own time: the same result).
  const client = new DemoClient(h.url, h.key, { idempotencyKeys: false });
  await run(client, flows, 16, (err) => failures.push(err));
  expect(failures).toEqual([]);
  expect([...client.byStatus.keys()].every((s) => s < 300)).toBe(true);
  await settle(api, h.scope);

  const [counts] = await rows<{ scores: number; sessions: number; identities: number; volume: number; pending: number }>(
    api.deps.database.db,
    sql`select (select count(*) from transactions where account_id = ${h.scope.accountId})::int as scores,
               (select count(*) from device_sessions where account_id = ${h.scope.accountId})::int as sessions,
               (select count(*) from identity_verifications where account_id = ${h.scope.accountId})::int as identities,
               (select coalesce(sum(scores), 0) from detection_volume where account_id = ${h.scope.accountId})::int as volume,
               (select count(*) from detection_inbox where account_id = ${h.scope.accountId})::int as pending`,
  );
  expect(counts!.scores).toBeGreaterThanOrEqual(1900);
  expect(counts!.sessions).toBeGreaterThan(500);
  expect(counts!.identities).toBeGreaterThan(100);
  // Every score was evaluated, exactly once, and nothing is left waiting.
  expect(counts!.volume).toBe(counts!.scores);
  expect(counts!.pending).toBe(0);
  expect(await alertRows(api, h.scope)).toEqual([]);
});
