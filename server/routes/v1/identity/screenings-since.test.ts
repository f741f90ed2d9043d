import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, startTestApi, type TestApi } from "../../../test/harness";

// start_time on the screening list: the watchlist review queue's "N new" counts what was stored
// at or after the moment the queue was read, to the millisecond.

let api: TestApi;
let headers: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi();
  headers = bearer((await api.key({ account: "screenings-since", scopes: ["identity:write"] })).key);
  await api.deps.watchlists.get();
});
afterAll(() => api?.close());

const screen = async (name: string) => {
  const r = await call(`${api.url.live}/v1/identity/watchlist?name=${encodeURIComponent(name)}`, { headers });
  expect(r.status).toBe(200);
  return (r.body as { screening_id: string }).screening_id;
};
const list = (q: string) => call(`${api.url.live}/v1/identity/screenings?${q}`, { headers });
const ids = async (q: string) => {
  const r = await list(q);
  expect(r.status, q).toBe(200);
  return (r.body as { data: { screening_id: string }[] }).data.map((s) => s.screening_id);
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("GET /v1/identity/screenings?start_time", () => {
  it("lists only screenings stored at or after the instant, with the other filters", async () => {
    const before = await screen("Jane Ordinary");
    await tick();
    const since = new Date().toISOString();
    await tick();
    const after = await screen("John Plainname");

    expect(await ids(`start_time=${since}`)).toEqual([after]);
    expect(await ids(`start_time=${since}&status=clear`)).toEqual([after]);
    expect(await ids(`start_time=${since}&status=match`)).toEqual([]);
    expect(await ids(`start_time=2000-01-01`)).toEqual([after, before]);
    expect(await ids(`start_time=2999-01-01`)).toEqual([]);
  });

  it("refuses a start_time that is no ISO 8601 instant, naming it", async () => {
    const r = await list("start_time=2025-02-30");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: { code: "invalid_field_value", param: "start_time" } });
  });
});
