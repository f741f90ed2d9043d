import type { DemoClient, Flow } from "./client";
import { card, CATEGORIES, identityBody, passport, person, type Card, type Person } from "./people";
import type { Rng } from "./rng";

// Ordinary customers: sign-in sessions on their own devices, a few purchases of everyday amounts,
// some returning on the same device, a second card now and then, KYC for some, a few manual
// decisions, the odd address change from a device they already use. None of it is a pattern.

type Purchase = { amount: number; card: Card; category: string; wallet: boolean; newSession: boolean; decide: boolean };
type Plan = {
  p: Person;
  kyc: boolean;
  document: ReturnType<typeof passport> | null;
  screen: boolean;
  purchases: Purchase[];
  accountChange: boolean;
};

export type OrdinaryOptions = { purchases?: [number, number]; kycShare?: number };

export async function openSession(
  api: DemoClient,
  p: Person,
  action: string,
  over: { device?: string; ip?: string; userAgent?: string } = {},
): Promise<string | undefined> {
  const r = await api.post("/v1/device/session", {
    page_url: `https://shop.example.com/${action === "account_change" ? "account/settings" : action}`,
    user_id: p.userId,
    action,
    device_fingerprint: over.device ?? p.device,
    user_agent: over.userAgent ?? p.userAgent,
    ip_address: over.ip ?? p.ip,
  });
  return r.status === 201 ? (r.body.session_id as string) : undefined;
}

export function scoreBody(
  p: Person,
  amount: number,
  c: Card,
  opts: { sessionId?: string; category?: string; wallet?: boolean; ip?: string; email?: string } = {},
) {
  const category = opts.category ?? "apparel";
  return {
    amount,
    currency: p.currency,
    payment_method: opts.wallet ? { type: "wallet", wallet_type: "apple_pay" } : { type: "card", ...c },
    user: { id: p.userId, email: opts.email ?? p.email, ip_address: opts.ip ?? p.ip, phone: p.phone },
    merchant: { id: `m_${category}`, category },
    ...(opts.sessionId ? { session_id: opts.sessionId } : {}),
  };
}

function plan(rng: Rng, p: Person, o: Required<OrdinaryOptions>): Plan {
  const median = rng.amount(4500, 0.6, 800, 30_000);
  const second = rng.chance(0.2) ? card(rng) : undefined;
  const n = rng.int(o.purchases[0], o.purchases[1]);
  const purchases: Purchase[] = Array.from({ length: n }, (_, i) => ({
    amount: rng.amount(median, 0.35, 200, 120_000),
    card: second && rng.chance(0.5) ? second : p.card,
    category: rng.pick(CATEGORIES),
    wallet: rng.chance(0.08),
    newSession: i > 0 && rng.chance(0.3),
    decide: rng.chance(0.04),
  }));
  const kyc = rng.chance(o.kycShare);
  return {
    p,
    kyc,
    document: kyc && rng.chance(0.15) ? passport(rng) : null,
    screen: kyc && rng.chance(0.3),
    purchases,
    accountChange: rng.chance(0.05),
  };
}

async function runPlan(api: DemoClient, pl: Plan): Promise<void> {
  const { p } = pl;
  if (pl.kyc) {
    await api.post("/v1/identity/verify", identityBody(p, pl.document ? { document: pl.document } : {}));
    if (pl.screen) await api.get(`/v1/identity/watchlist?user_id=${encodeURIComponent(p.userId)}`);
  }
  let session = await openSession(api, p, "login");
  for (const buy of pl.purchases) {
    if (buy.newSession) session = await openSession(api, p, "checkout");
    const r = await api.post(
      "/v1/transactions/score",
      scoreBody(p, buy.amount, buy.card, { sessionId: session, category: buy.category, wallet: buy.wallet }),
    );
    if (buy.decide && r.status === 200) {
      const reason = r.body.decision === "allow" ? "customer_verified" : "manual_review";
      await api.post("/v1/decisions", {
        transaction_id: r.body.transaction_id,
        decision: "allow",
        reason,
        notes: "Checked with the customer.",
      });
    }
  }
  // Changing an address from a device the customer already uses is ordinary.
  if (pl.accountChange) await openSession(api, p, "account_change");
}

/**
 * `count` ordinary customers as flows (one per customer, run concurrently by the caller). The
 * plan is drawn up front, so the stream is the same whatever order the flows run in. About one
 * household in seven shares its IP between two people.
 */
export function ordinaryCustomers(rng: Rng, tag: string, count: number, opts: OrdinaryOptions = {}): Flow[] {
  const o = { purchases: opts.purchases ?? [1, 5], kycShare: opts.kycShare ?? 0.25 } as Required<OrdinaryOptions>;
  const flows: Flow[] = [];
  let previous: Person | undefined;
  for (let i = 0; i < count; i++) {
    const p = person(rng, `cus_${tag}_${String(i).padStart(4, "0")}`);
    if (previous && rng.chance(0.15)) p.ip = previous.ip;
    previous = p;
    const pl = plan(rng, p, o);
    flows.push((api) => runPlan(api, pl));
  }
  return flows;
}

/** Customers who send a passport: their verification stays pending until document analysis ends. */
export function pendingKyc(rng: Rng, tag: string, count: number): Flow[] {
  return Array.from({ length: count }, (_, i) => {
    const p = person(rng, `kyc_${tag}_${i}`);
    const doc = passport(rng);
    return async (api: DemoClient) => {
      await api.post("/v1/identity/verify", identityBody(p, { document: doc }));
    };
  });
}
