import { sql } from "drizzle-orm";
import { analyzeTarget } from "../../db/analyze";
import { rows, type Db } from "../../db/client";

// Planner statistics for the tables the window queries read. PostgreSQL's autovacuum keeps them
// fresh; the embedded database has no autovacuum, and a table analyzed while small (at boot) keeps
// being planned as small: with several indexes starting (account_id, environment), the planner
// then walks the wrong one and a window query costs seconds instead of milliseconds. So, like
// autovacuum's scale factor: a table that has more than doubled (in pages) since its statistics
// were taken is analyzed again. Checked at most every CHECK_MS per process; the check itself is a
// catalogue read.

const TABLES = ["transactions", "device_sessions", "identity_verifications", "detection_inbox"] as const;
const CHECK_MS = 30_000;
let lastCheck = 0;

export async function refreshStatistics(db: Db, now = Date.now()): Promise<string[]> {
  if (now - lastCheck < CHECK_MS) return [];
  lastCheck = now;
  const stale = await rows<{ relname: string }>(
    db,
    sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r'
          and c.relname in (${sql.join(
            TABLES.map((t) => sql`${t}`),
            sql`, `,
          )})
          and pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * greatest(c.relpages, 0) + 64`,
  );
  // relname comes from the fixed list above (matched in the catalogue), never from input.
  for (const { relname } of stale) await db.execute(sql.raw(`analyze ${analyzeTarget(relname)}`));
  return stale.map((s) => s.relname);
}
