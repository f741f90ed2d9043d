import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { pgCode } from "../../db/errors";
import { FEATURES_PARAM_TYPES, FEATURES_SQL, type Raw } from "./features";
import { WRITE_PARAM_TYPES, WRITE_SQL } from "./persist";

/**
 * A statement PREPAREd once in a database session and EXECUTEd after, so the planner's work is done
 * once instead of per batch. The session must stay the same: the embedded database's single
 * session, or the scoring pipeline's own PostgreSQL connection. If the session lost the statement
 * (a reconnect), it is prepared again. Prepare only outside a transaction (an error there would
 * abort it): `execute` never prepares.
 */
export class PreparedStatement {
  // Sessions where the statement exists, keyed by the connection (or the Db bound to it).
  private readonly ready = new WeakSet<object>();

  constructor(
    private readonly name: string,
    private readonly types: string[],
    private readonly text: string,
  ) {}

  private async prepare(db: Db, key: object): Promise<void> {
    // Plan it once, generically: with per-execution ("custom") plans the planner's work on this
    // many lateral subqueries costs more than running them. Session-wide, and it only affects
    // named prepared statements; this session is the scoring pipeline's (see pipeline.ts).
    await db.execute(sql`set plan_cache_mode = force_generic_plan`);
    try {
      await db.execute(sql.raw(`prepare ${this.name} (${this.types.join(", ")}) as ${this.text}`));
    } catch (err) {
      if (pgCode(err) !== "42P05") throw err; // already prepared in this session
    }
    this.ready.add(key);
  }

  isReady(key: object): boolean {
    return this.ready.has(key);
  }

  execute(db: Db, args: string[]): Promise<Raw[]> {
    return rows<Raw>(db, sql.raw(`execute ${this.name}(${args.join(", ")})`));
  }

  /** Prepares in this session if needed (outside a transaction), then executes. */
  readonly run = async (db: Db, args: string[], key: object = db): Promise<Raw[]> => {
    if (!this.ready.has(key)) await this.prepare(db, key);
    try {
      return await this.execute(db, args);
    } catch (err) {
      if (pgCode(err) !== "26000") throw err; // invalid_sql_statement_name: the session was replaced
      await this.prepare(db, key);
      return this.execute(db, args);
    }
  };

  /**
   * Inside a transaction on the connection `key`: prepares under a savepoint when needed (so a
   * failure cannot abort the caller's transaction; a statement that already exists just counts as
   * prepared), then executes.
   */
  async runInTransaction(tx: Db, key: object, args: string[]): Promise<Raw[]> {
    if (!this.ready.has(key)) {
      try {
        await tx.transaction((sp) => this.prepare(sp as unknown as Db, key));
      } catch (err) {
        if (pgCode(err) !== "42P05") throw err;
        this.ready.add(key);
      }
    }
    return this.execute(tx, args);
  }
}

export const featuresStatement = () => new PreparedStatement("argus_features_v6", FEATURES_PARAM_TYPES, FEATURES_SQL);
export const writeStatement = () => new PreparedStatement("argus_write_v3", WRITE_PARAM_TYPES, WRITE_SQL);

/**
 * Runners for a request's own transaction (the idempotent path) on the embedded database: the
 * statement is used when the pipeline already prepared it in the (single) session, else the
 * inline form runs.
 */
export function borrow(stmt: PreparedStatement, session: Db, inlineRun: (db: Db, args: string[]) => Promise<unknown>) {
  return (db: Db, args: string[]) => (stmt.isReady(session) ? stmt.execute(db, args) : inlineRun(db, args));
}

/** The node-postgres connection under a drizzle transaction, when there is one. */
export function connectionOf(db: Db): object | undefined {
  const client = (db as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  return client && typeof client.query === "function" ? client : undefined;
}

/** Runners for a request's own transaction on PostgreSQL: the statement, prepared on that connection. */
export function onConnection(stmt: PreparedStatement, inlineRun: (db: Db, args: string[]) => Promise<unknown>) {
  return (db: Db, args: string[]) => {
    const conn = connectionOf(db);
    return conn ? stmt.runInTransaction(db, conn, args) : inlineRun(db, args);
  };
}
