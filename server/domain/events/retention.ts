import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { environments } from "../../db/schema";
import { DEFAULT_RETENTION_DAYS } from "../scoring";

const BATCH = 5000;

/** Every account and environment with its evidence retention in days (its policy's, else the default). */
export async function retentionScopes(db: Db): Promise<{ account_id: string; environment: string; days: number }[]> {
  return rows<{ account_id: string; environment: string; days: number }>(
    db,
    sql`select a.id as account_id, e.env as environment, coalesce(p.retention_days, ${DEFAULT_RETENTION_DAYS})::int as days
        from accounts a cross join unnest(${sql.raw(`array['${environments.join("','")}']`)}::text[]) as e(env)
        left join risk_policies p on p.account_id = a.id and p.environment = e.env`,
  );
}

/**
 * Deletes evidence older than each account's retention (risk_policies.retention_days per
 * environment, default 7 years): event log entries and decision records. Both tables refuse
 * DELETE by trigger; this purge is the one exception, allowed because it sets
 * `argus.retention_purge = 'on'` for its own transaction only (SET LOCAL). Works account by
 * account on the (account, environment, created_at) indexes, in batches, so it never scans or
 * locks the whole log. Returns the number of rows removed per table.
 */
export async function purgeExpiredEvidence(db: Db, now = new Date()): Promise<{ events: number; decisions: number }> {
  const removed = { events: 0, decisions: 0 };
  for (const s of await retentionScopes(db)) {
    const cutoff = new Date(now.getTime() - Number(s.days) * 86_400_000).toISOString();
    for (const table of ["events", "decisions"] as const) {
      for (;;) {
        const n = await db.transaction(async (tx) => {
          await tx.execute(sql`set local argus.retention_purge = 'on'`);
          const result = (await tx.execute(sql`
            delete from ${sql.identifier(table)} where id in (
              select id from ${sql.identifier(table)}
              where account_id = ${s.account_id} and environment = ${s.environment} and created_at < ${cutoff}::timestamptz
              limit ${BATCH})`)) as unknown as { rowCount?: number; affectedRows?: number };
          return result.rowCount ?? result.affectedRows ?? 0;
        });
        removed[table] += n;
        if (n < BATCH) break;
      }
    }
  }
  return removed;
}
