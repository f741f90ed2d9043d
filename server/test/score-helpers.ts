import { call, type TestApi } from "./harness";

// Helpers shared by the risk-engine HTTP tests (not a test file itself).

let seq = 0;
/** A unique suffix so each test works on its own users, cards and IPs. */
export const uniq = (p = "u") => `${p}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A valid score body; `over` is merged one level deep. */
export function scoreBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    amount: 2500,
    currency: "USD",
    // A different card each time (last four from a counter), so tests do not share card velocity.
    payment_method: { type: "card", card_bin: "411111", last_four: String(1000 + (seq++ % 9000)) },
    user: { id: uniq("user_") },
  };
  for (const [k, v] of Object.entries(over)) {
    const cur = base[k];
    base[k] =
      v && typeof v === "object" && !Array.isArray(v) && cur && typeof cur === "object" ? { ...(cur as object), ...(v as object) } : v;
  }
  return base;
}

export const signalNames = (body: { signals?: { name: string }[] }) => (body.signals ?? []).map((s) => s.name);

export async function score(api: TestApi, headers: Record<string, string>, body: Record<string, unknown>, env: "live" | "test" = "live") {
  return call(`${api.url[env]}/v1/transactions/score`, { headers, body });
}

let ipSeq = Math.floor(Math.random() * 60000);
/** A public (routable) IPv4 address no other test uses. */
export const uniqIp = () => {
  ipSeq++;
  return `44.${(ipSeq >> 8) & 255}.${ipSeq & 255}.${7 + (seq++ % 200)}`;
};

/** A card (bin + last four) no other test uses. */
export const uniqCard = (bin = "411111") => ({ type: "card", card_bin: bin, last_four: String(1000 + (seq++ % 9000)) });

/** Sets the account's policies through the dashboard route, as an admin of `account`. */
export async function setPolicy(api: TestApi, account: string, patch: Record<string, unknown>, env: "live" | "test" = "live") {
  const admin = await api.analyst({ role: "admin", account });
  const token = await api.consoleToken(admin.id);
  const r = await call(`${api.url[env]}/api/v1/policies`, { method: "PATCH", headers: { authorization: `Bearer ${token}` }, body: patch });
  if (r.status !== 200) throw new Error(`policy update failed: ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function decide(
  api: TestApi,
  headers: Record<string, string>,
  transactionId: string,
  reason: string,
  decision = reason === "confirmed_fraud" ? "block" : "allow",
) {
  return call(`${api.url.live}/v1/decisions`, { headers, body: { transaction_id: transactionId, decision, reason } });
}
