import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../test/harness";
import { loadFeatures } from "./features";
import type { ScoreInput } from "./request";

// The features statement reads an IP's history only for a client's address: a merchant's server
// address, sent with every customer's score, is nobody's history (evaluate.ts ignores it, see the
// "not a client's" test in routes/v1/transactions/signals.test.ts), and reading it cost every score
// a scan of up to scanCap rows of that one address.

let api: TestApi;
let accountId: string;
let headers: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  const key = await api.key({ account: "features-ip" });
  accountId = key.accountId;
  headers = bearer(key.key);
});
afterAll(() => api?.close());

const scoreFrom = (ip: string, i: number) =>
  call(`${api.url.live}/v1/transactions/score`, {
    headers,
    body: {
      amount: 1000,
      currency: "USD",
      payment_method: { type: "card", card_bin: "411111", last_four: String(2000 + i) },
      user: { id: `fu_${ip}_${i}`, ip_address: ip },
    },
  });

const input = (ip: string): ScoreInput => ({
  scope: { accountId, environment: "live" },
  at: new Date(),
  request: {} as ScoreInput["request"],
  userId: "fu_new",
  currency: "USD",
  cardKey: null,
  email: null,
  ip,
  sessionId: null,
});

describe("features: IP history", () => {
  it("is read for a client's address and not for a private one, whose blocklist entry still matches", async () => {
    for (const ip of ["203.0.113.61", "10.61.0.1"]) for (let i = 0; i < 3; i++) expect((await scoreFrom(ip, i)).status).toBe(200);
    const lead = await api.consoleToken((await api.analyst({ role: "lead", account: "features-ip" })).id);
    const blocked = await call(`${api.url.live}/api/v1/blocklist`, {
      headers: { authorization: `Bearer ${lead}` },
      body: { kind: "ip", value: "10.61.0.1" },
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(201);

    const { features } = await loadFeatures(api.deps.database.db, [input("203.0.113.61"), input("10.61.0.1")]);
    expect(features[0]!.ip).toMatchObject({ n10m: 3, n1h: 3, users1h: 3, userSeen1h: false });
    expect(features[1]!.ip).toBeNull();
    expect(features[1]!.blocklisted).toEqual(["ip"]);
  });
});
