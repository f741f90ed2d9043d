import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { paymentVerifications, type PaymentCheck } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { iso } from "../../core/time";
import { binFacts, cardKeyOf, riskConfig, T } from "../scoring";
import { bankKeyOf, checkRoutingNumber } from "./formats";

export type VerifyInput = {
  payment_method: {
    type: "card" | "bank_account" | "wallet";
    card_bin?: string;
    last_four?: string;
    bank_account_number?: string;
    routing_number?: string;
  };
  user_id: string;
  amount?: number;
  currency?: string;
};

/** account_age_check passes once the user was first seen at least this long ago. */
export const ACCOUNT_AGE_DAYS = 7;
/** velocity_check: warn / fail at these counts within 10 minutes (this verification included). */
export const VERIFY_WARN = 5;
export const VERIFY_FAIL = 10;

type Facts = {
  user_scores: number;
  user_verifs: number;
  card_verifs: number;
  blocked: string[];
  user_fraud: boolean;
  first_seen: Date | string | null;
  h_n: number;
  h_mean: number | null;
  h_max: number | null;
};

async function loadFacts(
  db: Db,
  scope: Scope,
  userId: string,
  cardKey: string | null,
  bankKey: string | null,
  currency: string | null,
  at: Date,
): Promise<Facts> {
  const t = at.toISOString();
  const s = sql`account_id = ${scope.accountId} and environment = ${scope.environment}`;
  const [row] = await rows<Facts>(
    db,
    sql`select
      (select count(*)::int from transactions where ${s} and user_id = ${userId} and created_at > ${t}::timestamptz - interval '10 minutes' and created_at <= ${t}::timestamptz) as user_scores,
      (select count(*)::int from payment_verifications where ${s} and user_id = ${userId} and created_at > ${t}::timestamptz - interval '10 minutes') as user_verifs,
      (select count(*)::int from payment_verifications where ${s} and card_key = ${cardKey}::text and created_at > ${t}::timestamptz - interval '10 minutes') as card_verifs,
      array(select kind from blocklist_entries where ${s} and ((kind = 'card' and value = ${cardKey}::text) or (kind = 'bank_account' and value = ${bankKey}::text))) as blocked,
      exists (select 1 from transactions where ${s} and user_id = ${userId} and label = 'fraud') as user_fraud,
      least((select min(created_at) from transactions where ${s} and user_id = ${userId}),
            (select min(created_at) from payment_verifications where ${s} and user_id = ${userId})) as first_seen,
      h.n::int as h_n, h.mean::float8 as h_mean, h.max::float8 as h_max
    from (select count(*) as n, avg(amount) as mean, max(amount) as max from (
      select amount from transactions where ${s} and user_id = ${userId} and currency = ${currency}::text
      order by created_at desc limit ${T.historyRows}) x) h`,
  );
  return row as Facts;
}

/**
 * Verifies payment details without scoring. Checks, in the order of
 * server/domain/scoring/README.md, each only when it applies: bin_check (a BIN was sent),
 * velocity_check, blacklist_check, routing_check (bank accounts), account_age_check; then
 * amount_check when an amount was sent. Any `fail` makes the status `invalid`, else any `warn`
 * makes it `suspicious`, else `valid`.
 */
export async function verifyPayment(db: Db, scope: Scope, input: VerifyInput, at = new Date()) {
  const pm = input.payment_method;
  const cardKey = cardKeyOf(pm.card_bin, pm.last_four);
  const bankKey = pm.type === "bank_account" ? bankKeyOf(pm.routing_number, pm.bank_account_number) : null;
  const currency = input.currency?.toUpperCase() ?? null;
  const facts = await loadFacts(db, scope, input.user_id, cardKey, bankKey, currency, at);
  const checks: PaymentCheck[] = [];

  if (pm.card_bin) {
    const config = await riskConfig(db, scope);
    const bin = binFacts(pm.card_bin, config.binTable);
    if (!bin) checks.push({ name: "bin_check", result: "fail", detail: "the BIN matches no card network" });
    else if (bin.prepaid) checks.push({ name: "bin_check", result: "warn", detail: `${bin.scheme} prepaid card` });
    else checks.push({ name: "bin_check", result: "pass", detail: `${bin.scheme}${bin.type !== "unknown" ? ` ${bin.type}` : ""}` });
  }

  const userVerifs = Number(facts.user_verifs) + 1;
  const cardVerifs = cardKey ? Number(facts.card_verifs) + 1 : 0;
  const scores = Number(facts.user_scores);
  const worst = Math.max(userVerifs, cardVerifs);
  const velocityDetail = `${scores} scores and ${userVerifs} verifications of the user${cardKey ? `, ${cardVerifs} of the card` : ""} in 10 minutes`;
  checks.push({
    name: "velocity_check",
    result:
      scores >= T.velocityUser10m || worst >= VERIFY_FAIL ? "fail" : scores >= T.elevatedUser10m || worst >= VERIFY_WARN ? "warn" : "pass",
    detail: velocityDetail,
  });

  const blocked = Array.isArray(facts.blocked) ? facts.blocked : [];
  checks.push(
    blocked.length > 0
      ? { name: "blacklist_check", result: "fail", detail: `on the account's blocklist: ${blocked.join(", ")}` }
      : facts.user_fraud
        ? { name: "blacklist_check", result: "warn", detail: "the user has a transaction confirmed as fraud" }
        : { name: "blacklist_check", result: "pass" },
  );

  if (pm.type === "bank_account") {
    if (!pm.routing_number) checks.push({ name: "routing_check", result: "warn", detail: "no routing number to check" });
    else {
      const r = checkRoutingNumber(pm.routing_number);
      checks.push(r.ok ? { name: "routing_check", result: "pass" } : { name: "routing_check", result: "fail", detail: r.reason });
    }
  }

  const firstSeen = facts.first_seen ? new Date(facts.first_seen) : null;
  const ageDays = firstSeen ? (at.getTime() - firstSeen.getTime()) / 86_400_000 : 0;
  checks.push(
    firstSeen && ageDays >= ACCOUNT_AGE_DAYS
      ? { name: "account_age_check", result: "pass", detail: `first seen ${Math.floor(ageDays)} days ago` }
      : {
          name: "account_age_check",
          result: "warn",
          detail: firstSeen ? `first seen ${Math.floor(ageDays)} days ago` : "user never seen before",
        },
  );

  if (input.amount !== undefined) {
    const n = Number(facts.h_n);
    const unusual =
      n >= T.amountHistoryMin &&
      facts.h_mean !== null &&
      facts.h_max !== null &&
      input.amount > T.amountMultiple * Number(facts.h_mean) &&
      input.amount > Number(facts.h_max);
    checks.push(
      unusual
        ? {
            name: "amount_check",
            result: "warn",
            detail: `above ${T.amountMultiple}× the user's mean ${currency} amount and above its maximum`,
          }
        : { name: "amount_check", result: "pass" },
    );
  }

  const status = checks.some((c) => c.result === "fail") ? "invalid" : checks.some((c) => c.result === "warn") ? "suspicious" : "valid";
  const [row] = await db
    .insert(paymentVerifications)
    .values({
      id: newId("pver"),
      accountId: scope.accountId,
      environment: scope.environment,
      userId: input.user_id,
      paymentMethodType: pm.type,
      cardKey,
      bankKey,
      amount: input.amount ?? null,
      currency,
      status,
      checks,
      createdAt: at,
    })
    .returning();
  return {
    object: "payment_verification" as const,
    verification_id: row!.id,
    status,
    checks: checks.map((c) => ({ name: c.name, result: c.result, ...(c.detail ? { detail: c.detail } : {}) })),
    created_at: iso(row!.createdAt),
  };
}
