import { sql } from "drizzle-orm";
import { rows } from "../../../db/client";
import type { IdentityRow } from "../batch";
import { identityAbuseConfidence } from "../confidence";
import { textArray } from "../windows";
import type { DetectorContext, Hit } from "./types";

const kinds = [
  { kind: "document", column: sql`document_key`, keyOf: (r: IdentityRow) => r.documentKey, noun: "document number" },
  { kind: "phone", column: sql`phone_key`, keyOf: (r: IdentityRow) => r.phoneKey, noun: "phone number" },
  { kind: "address", column: sql`address_key`, keyOf: (r: IdentityRow) => r.addressKey, noun: "address" },
] as const;

/**
 * identity_abuse: one document number (or business registration number), phone or normalised
 * address used by ≥ user_ids distinct user ids, over all of the account's identity verifications
 * (no time window: a synthetic-identity ring is built over weeks). The keys are the HMACs the
 * identity area stores (server/domain/identity/pii-keys.ts), so the raw value appears nowhere:
 * key `document:<hmac>`, `phone:<hmac>` or `address:<hmac>`.
 */
export async function detectIdentityAbuse({ db, scope, batch, thresholds }: DetectorContext): Promise<Hit[]> {
  const t = thresholds.identity_abuse;
  if (!t.enabled || batch.identities.length === 0) return [];
  const hits: Hit[] = [];
  for (const k of kinds) {
    const latest = new Map<string, IdentityRow>();
    for (const r of batch.identities) {
      const key = k.keyOf(r);
      if (key) latest.set(key, r); // rows are in time order: the last one is the latest
    }
    if (latest.size === 0) continue;
    const found = await rows<{ key: string; n: number; users: unknown; verifications: number }>(
      db,
      sql`select v.${k.column} as key, count(distinct v.user_id)::int as n, array_agg(distinct v.user_id) as users, count(*)::int as verifications
          from identity_verifications v
          where v.account_id = ${scope.accountId} and v.environment = ${scope.environment}
            and v.${k.column} in (select jsonb_array_elements_text(${JSON.stringify([...latest.keys()])}::jsonb))
          group by v.${k.column}
          having count(distinct v.user_id) >= ${t.user_ids}`,
    );
    for (const f of found) {
      const n = Number(f.n);
      const trigger = latest.get(f.key);
      hits.push({
        type: "identity_abuse",
        key: `${k.kind}:${f.key}`,
        confidence: identityAbuseConfidence(k.kind, n / t.user_ids),
        userIds: textArray(f.users),
        transactionIds: [],
        summary: `One ${k.noun} used by ${n} user ids in identity verifications`,
        evidence: { shared: k.kind, user_ids: n, verifications: Number(f.verifications), threshold: t.user_ids },
        trigger: { transactionId: null, userId: trigger?.userId ?? null },
      });
    }
  }
  return hits;
}
