import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { FEATURES_PARAM_TYPES, FEATURES_SQL, type FeatureRunner, type Raw } from "./features";
import { WRITE_PARAM_TYPES, WRITE_SQL, type WriteRunner } from "./persist";

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}

/**
 * A runner that PREPAREs a statement once in its database session and EXECUTEs it after,
 * so the planner's work is done once instead of per batch. The session must stay the same: the
 * embedded database's single session, or the scoring pipeline's own PostgreSQL connection. If the
 * session lost the statement (a reconnect), it is prepared again.
 */
function prepared(NAME: string, types: string[], text: string): (db: Db, args: string[]) => Promise<Raw[]> {
  // Sessions (a Db bound to one connection) where the statement exists.
  const ready = new WeakSet<Db>();
  const prepare = async (db: Db) => {
    // Plan it once, generically: with per-execution ("custom") plans the planner's work on this
    // many lateral subqueries costs more than running them. Session-wide, and it only affects
    // named prepared statements; this session is the scoring pipeline's (see pipeline.ts).
    await db.execute(sql`set plan_cache_mode = force_generic_plan`);
    try {
      await db.execute(sql.raw(`prepare ${NAME} (${types.join(", ")}) as ${text}`));
    } catch (err) {
      if (pgCode(err) !== "42P05") throw err; // already prepared in this session
    }
    ready.add(db);
  };
  const run = async (db: Db, args: string[]): Promise<Raw[]> => {
    if (!ready.has(db)) await prepare(db);
    try {
      return await rows<Raw>(db, sql.raw(`execute ${NAME}(${args.join(", ")})`));
    } catch (err) {
      if (pgCode(err) !== "26000") throw err; // invalid_sql_statement_name: the session was replaced
      await prepare(db);
      return rows<Raw>(db, sql.raw(`execute ${NAME}(${args.join(", ")})`));
    }
  };
  return run;
}

/** The features statement, prepared per session. */
export function preparedFeatures(): FeatureRunner {
  return prepared("argus_features_v1", FEATURES_PARAM_TYPES, FEATURES_SQL);
}

/** The batch write statement, prepared per session. */
export function preparedWrite(): WriteRunner {
  return prepared("argus_write_v1", WRITE_PARAM_TYPES, WRITE_SQL);
}
