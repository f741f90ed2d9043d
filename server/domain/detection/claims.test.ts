import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "../../test/harness";
import { clientOf, rows } from "../../db/client";
import { createRng } from "../../cli/demo-stream/rng";
import { card, person, publicIp, type Person } from "../../cli/demo-stream/people";
import { openSession, scoreBody } from "../../cli/demo-stream/ordinary";
import { alertRows, harness, type Harness } from "../../test/detection-support";
import { claimBatch, completeBatch, LeaseLostError, releaseBatch } from "./batch";
import { BATCH_SIZE, evaluateBatch } from "./evaluate";
import { inboxClaims } from "./inbox-claims";

// On the embedded database an evaluation claims its inbox rows in the process's memory and reads
// outside any transaction; only its final transaction writes. On PostgreSQL one transaction locks
// the rows instead. These tests hold both to "every live write evaluated exactly once" when a claim
// lapses, when two claims race, and when the writing transaction fails.

let api: TestApi;
const rng = createRng(1234);
beforeAll(async () => {
  api = await startTestApi({ env: { ARGUS_KYC_ASYNC_DELAY_MS: "600000" } });
});
afterAll(() => api?.close());

const db = () => api.deps.database.db;
const claims = () => inboxClaims(clientOf(db())!);
/** Pending inbox rows of the harness's account, and how many of them are claimed. */
const inbox = async (h: Harness) => {
  const ids = (await rows<{ id: number }>(db(), sql`select id from detection_inbox where account_id = ${h.scope.accountId}`)).map((r) =>
    Number(r.id),
  );
  const claimed = new Set(claims().claimedIds());
  return { n: ids.length, claimed: ids.filter((id) => claimed.has(id)).length };
};
const volume = async (h: Harness) =>
  Number(
    (
      await rows<{ n: number }>(
        db(),
        sql`select coalesce(sum(scores), 0)::int as n from detection_volume where account_id = ${h.scope.accountId}`,
      )
    )[0]!.n,
  );

/** Ten distinct cards from one IP: a card-testing pattern. */
async function cardTesting(h: Harness): Promise<string> {
  const ip = publicIp(rng);
  const p: Person = { ...person(rng, `lease_${rng.digits(6)}`), currency: "USD" };
  for (let i = 0; i < 10; i++) await h.client.post("/v1/transactions/score", scoreBody(p, 300 + i, card(rng), { ip }));
  return ip;
}

describe("inbox claims", () => {
  it("are kept in memory on the embedded database; PostgreSQL locks rows in the evaluation's transaction", async () => {
    const h = await harness(api, "claim-mode");
    await cardTesting(h);
    const held = await claimBatch(db(), h.scope, 500, "memory");
    // An evaluation in its database's own mode: on the embedded one it respects the claim in
    // memory; on PostgreSQL it locks rows in its transaction and knows nothing of memory claims.
    const result = await evaluateBatch(db(), api.deps.jobs, h.scope);
    expect(result.processed).toBe(api.deps.database.kind === "pglite" ? 0 : 10);
    releaseBatch(held!.lease);
  });

  it("two claims at once take disjoint rows", async () => {
    const h = await harness(api, "lease-race");
    await cardTesting(h);
    const [a, b] = await Promise.all([claimBatch(db(), h.scope, 6, "memory"), claimBatch(db(), h.scope, 6, "memory")]);
    const ids = [...a!.inboxIds, ...b!.inboxIds];
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(a!.lease!.token).not.toBe(b!.lease!.token);
    expect(await inbox(h)).toEqual({ n: 10, claimed: 10 });
    // A third finds nothing free; once released, the rows are free to take at once.
    expect(await claimBatch(db(), h.scope, 6, "memory")).toBeNull();
    for (const batch of [a!, b!]) batch.lease!.claims.release(batch.lease!);
    expect(await inbox(h)).toEqual({ n: 10, claimed: 0 });
    expect((await claimBatch(db(), h.scope, 500, "memory"))!.inboxIds).toEqual([...ids].sort((x, y) => x - y));
  });

  // In memory on both databases (what the embedded one does): the claims are this process's.
  it("a lapsed claim is taken over; the first evaluation then cannot complete, so nothing counts twice", async () => {
    const h = await harness(api, "lease-lapse");
    const evaluate = () => evaluateBatch(db(), api.deps.jobs, h.scope, BATCH_SIZE, "memory");
    const ip = await cardTesting(h);
    // A lease of one second: while it holds, another evaluation finds nothing to take.
    const first = await claimBatch(db(), h.scope, 500, "memory", 1_000);
    expect(first!.inboxIds).toHaveLength(10);
    expect(await evaluate()).toEqual({ processed: 0, hits: 0, created: 0 });

    // The first runner stalls past its lease; a second claim takes the rows. The first one's
    // completion is refused while the rows still exist (its claim is no longer its own)…
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await claimBatch(db(), h.scope, 500, "memory");
    expect(second!.inboxIds).toEqual(first!.inboxIds);
    const complete = () => db().transaction((tx) => completeBatch(tx as never, first!));
    await expect(complete()).rejects.toBeInstanceOf(LeaseLostError);
    expect(await inbox(h)).toEqual({ n: 10, claimed: 10 });

    // …and after an evaluation took them over and raised the alert (the rows are gone).
    second!.lease!.claims.release(second!.lease!);
    expect(await evaluate()).toMatchObject({ processed: 10, created: 1 });
    expect((await alertRows(api, h.scope)).map((a) => `${a.alertType} ${a.key}`)).toEqual([`card_testing ip:${ip}`]);
    await expect(complete()).rejects.toBeInstanceOf(LeaseLostError);
    expect(await volume(h)).toBe(10);
    expect(await inbox(h)).toEqual({ n: 0, claimed: 0 });
  });

  it.each(["memory", "lock"] as const)(
    "a failed evaluation (%s) writes nothing and leaves its rows free; the next one raises the alerts",
    async (mode) => {
      const h = await harness(api, `lease-fail-${mode}`);
      // An account takeover pattern (the detector that records what it finds) and card testing.
      const attacker = { device: `atk-${rng.digits(10)}`, ip: publicIp(rng) };
      for (let u = 0; u < 3; u++) {
        const p: Person = { ...person(rng, `lease_ato_${u}_${rng.digits(6)}`), currency: "USD" };
        const mine = await openSession(h.client, p, "login");
        for (const amount of [3000, 4000, 5000])
          await h.client.post("/v1/transactions/score", scoreBody(p, amount, p.card, { sessionId: mine }));
        const changed = await openSession(h.client, p, "account_change", { ...attacker, ip: publicIp(rng) });
        await h.client.post("/v1/transactions/score", scoreBody(p, 40_000, card(rng), { sessionId: changed, ip: attacker.ip }));
      }
      const ip = await cardTesting(h);
      const pending = (await inbox(h)).n;
      expect(pending).toBeGreaterThan(20);

      // Alerts of this account cannot be written: the evaluation's transaction fails at its end.
      await db().execute(
        sql.raw(`create function lease_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'alerts are not writable'; end $$`),
      );
      await db().execute(
        sql.raw(`create trigger lease_test_fail before insert on alerts for each row
        when (new.account_id = '${h.scope.accountId}') execute function lease_test_fail()`),
      );
      try {
        const err = await evaluateBatch(db(), api.deps.jobs, h.scope, BATCH_SIZE, mode).then(
          () => null,
          (e: Error & { cause?: Error }) => e,
        );
        // Drizzle wraps the database's error ("Failed query: …") and keeps it as the cause.
        expect(err?.cause?.message ?? err?.message).toMatch(/alerts are not writable/);
      } finally {
        await db().execute(sql.raw(`drop trigger lease_test_fail on alerts`));
        await db().execute(sql.raw(`drop function lease_test_fail()`));
      }
      // Nothing of it stayed: rows pending and free to take at once, no volume, no recorded takeover.
      expect(await inbox(h)).toEqual({ n: pending, claimed: 0 });
      expect(await volume(h)).toBe(0);
      const [ato] = await rows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from detection_ato_hits where account_id = ${h.scope.accountId}`,
      );
      expect(Number(ato!.n)).toBe(0);

      expect(await evaluateBatch(db(), api.deps.jobs, h.scope, BATCH_SIZE, mode)).toMatchObject({ processed: pending, created: 2 });
      expect((await alertRows(api, h.scope)).map((a) => `${a.alertType} ${a.key}`).sort()).toEqual([
        "ato_pattern account",
        `card_testing ip:${ip}`,
      ]);
      expect(await volume(h)).toBe(3 * 4 + 10);
    },
  );
});
