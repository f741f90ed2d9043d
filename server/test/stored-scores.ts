import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Scope } from "../db/scope";

// Stored live scores written straight into `transactions` (a backtest's input) for tests and the
// backtest bench: deterministic from their number, one INSERT … SELECT generate_series per chunk.

const SIGNAL_SETS = [
  '[{"name":"new_user","weight":"medium_risk"}]',
  '[{"name":"velocity_high","weight":"high_risk"},{"name":"bin_prepaid","weight":"medium_risk"}]',
  '[{"name":"email_seen_before","weight":"low_risk"}]',
  '[{"name":"ip_proxy_detected","weight":"high_risk"},{"name":"new_user","weight":"medium_risk"},{"name":"email_disposable","weight":"medium_risk"}]',
  "[]",
];

/**
 * Writes scores `from`..`from + n - 1`, one every `stepMs` from `start`. Score n has risk score
 * (n·37) mod 101, the default bands' decision for it, one of five signal sets, and every 50th a
 * fraud label (every 50th + 1 a legit one).
 */
export async function seedStoredScores(
  db: Db,
  scope: Scope,
  opts: { n: number; start: Date; stepMs?: number; from?: number; prefix?: string },
): Promise<void> {
  const step = opts.stepMs ?? 1000;
  const prefix = opts.prefix ?? "txn_seed";
  const from = opts.from ?? 0;
  const sets = `array[${SIGNAL_SETS.map((s) => `'${s}'::jsonb`).join(", ")}]`;
  for (let lo = from; lo < from + opts.n; lo += 50_000) {
    const hi = Math.min(from + opts.n, lo + 50_000) - 1;
    await db.execute(sql`
      insert into transactions (id, account_id, environment, user_id, amount, currency, payment_method_type,
        merchant_id, merchant_category, risk_score, decision, signals, model_version, latency_ms, label, created_at)
      select ${prefix} || '_' || lpad(g::text, 9, '0'), ${scope.accountId}, ${scope.environment}, 'user_' || (g % 5000),
        1000 + (g * 7919) % 50000, case when g % 5 = 0 then 'EUR' else 'USD' end, case when g % 7 = 0 then 'wallet' else 'card' end,
        'm_' || (g % 20), case when g % 11 = 0 then '7995' else '5411' end,
        s, case when s >= 75 then 'block' when s >= 40 then 'challenge' else 'allow' end,
        (${sql.raw(sets)})[1 + g % 5], 'argus-risk-v1.0', 5,
        case when g % 50 = 0 then 'fraud' when g % 50 = 1 then 'legit' end,
        ${opts.start}::timestamptz + g * (${step}::int * interval '1 millisecond')
      from generate_series(${lo}::int, ${hi}::int) g, lateral (select (g * 37) % 101 as s) x`);
  }
}
