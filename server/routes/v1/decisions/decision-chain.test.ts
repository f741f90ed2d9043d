import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";
import { insertTransaction } from "../../../test/alert-fixtures";

// Histories in commit order (server/README.md, "Histories"): a transaction's decision chain carries
// seq in commit order, and the transaction's state (final decision, label) is what its last entries
// say, also when analysts decide concurrently.

let api: TestApi;
let key: string;
let accountId: string;
beforeAll(async () => {
  api = await startTestApi();
  const k = await api.key({ account: "chain-co" });
  key = k.key;
  accountId = k.accountId;
});
afterAll(() => api?.close());

const decide = (body: Record<string, unknown>) => call(`${api.url.live}/v1/decisions`, { headers: bearer(key), body });
const assessment = async (id: string) => (await call(`${api.url.live}/v1/transactions/${id}`, { headers: bearer(key) })).body;

const choices = [
  { decision: "allow", reason: "false_positive", label: "legit" },
  { decision: "block", reason: "confirmed_fraud", label: "fraud" },
  { decision: "challenge", reason: "manual_review", label: null },
] as const;

describe("the decision chain under concurrent analysts", () => {
  it("numbers 24 concurrent decisions 1…24 in commit order; final_decision and label follow the last entries", async () => {
    const id = await insertTransaction(api.deps.database.db, { accountId, environment: "live" }, { userId: "chain-user" });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const c = choices[i % choices.length]!;
        return decide({ transaction_id: id, decision: c.decision, reason: c.reason, notes: `decision ${i}` });
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(201));
    const t = await assessment(id);
    const chain = t.decisions as { seq: number; decision: string; reason: string; decision_id: string }[];
    expect(chain.map((d) => d.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(chain.map((d) => d.decision_id)).size).toBe(24);
    const last = chain[chain.length - 1]!;
    expect(t.final_decision).toBe(last.decision);
    const lastLabelling = [...chain].reverse().find((d) => d.reason !== "manual_review")!;
    expect(t.label).toBe(choices.find((c) => c.reason === lastLabelling.reason)!.label);

    // The list of one transaction's decisions is newest first by seq, pages included.
    const list = (await call(`${api.url.live}/v1/decisions?transaction_id=${id}&limit=10`, { headers: bearer(key) })).body;
    expect(list.data.map((d: { seq: number }) => d.seq)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
    const next = (
      await call(`${api.url.live}/v1/decisions?transaction_id=${id}&limit=10&after=${list.next_cursor}`, { headers: bearer(key) })
    ).body;
    expect(next.data.map((d: { seq: number }) => d.seq)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
  });
});
