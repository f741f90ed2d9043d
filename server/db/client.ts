import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema";
import { acquireDataDirLock, type DataDirLock } from "./lock";
import { listenPostgres } from "./notifications";
import { untilReachable, type StartupWait } from "./reachable";
import { scheduleMaintenance } from "./pglite-maintenance";
import { pgliteInitialised, syncNewCluster } from "./pglite-settings";
import { PgliteThread } from "./pglite-thread";

export type Schema = typeof schema;
/** The one database type the domain sees: PGlite and node-postgres drizzle instances both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL pool, when on PostgreSQL (LISTEN/NOTIFY and raw access). */
  pool?: pg.Pool;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Hears NOTIFY on `channel`. `onLive(true)` once listening (and again after a reconnect),
   * `onLive(false)` while notifications may be missed. Returns the unsubscribe function.
   */
  listen: (channel: string, onNotify: () => void, onLive: (live: boolean) => void) => Promise<() => Promise<void>>;
  /** Embedded database on its own thread: settles if that thread stops without close(). */
  failure?: Promise<Error>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Timestamps travel as UTC instants; keep node-postgres from shifting them by the local zone.
pg.types.setTypeParser(1114, (v: string) => new Date(`${v.replace(" ", "T")}Z`));
pg.types.setTypeParser(20, (v: string) => Number(v));

/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool)
 * before it fails (503): a database that does not answer must not hold requests forever.
 */
const CONNECT_TIMEOUT_MS = 10_000;

export async function openPostgres(url: string, poolSize = 10, startup?: StartupWait): Promise<Database> {
  // TCP keepalive after 10 s idle: a connection whose peer vanished without a reset is found dead.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on("error", () => {
    /* an idle client died; the pool replaces it */
  });
  // A connection can also break while checked out (a transaction, the scoring pipeline's session),
  // when the pool's idle listener is off: its "error" event would then end the process. The query
  // it ran fails instead (503), and the pool discards the broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several API processes may start together: one migrates while the others wait.
  const migrateOnce = async () => {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(727274)");
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
  };
  try {
    await (startup ? untilReachable(url, migrateOnce, startup) : migrateOnce());
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  return {
    db,
    kind: "postgres",
    pool,
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
    listen: (channel, onNotify, onLive) => listenPostgres(url, channel, onNotify, onLive),
  };
}

/** Embedded PostgreSQL. `dataDir` undefined = in memory (tests); otherwise the folder is locked. */
export async function openPglite(dataDir?: string): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PgliteThread;
  if (dataDir) {
    lock = acquireDataDirLock(dataDir);
    try {
      const pgDir = path.join(dataDir, "pg");
      const fresh = !pgliteInitialised(pgDir);
      client = await PgliteThread.start(pgDir);
      if (fresh) syncNewCluster(pgDir);
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    // In memory (tests): nothing to sync; the same settings, thread and protocol path otherwise.
    client = await PgliteThread.start(undefined);
  }
  const driver = client as unknown as PGlite;
  const db = drizzlePglite(driver, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(driver, { schema }), { migrationsFolder });
  // On a folder: nothing else checkpoints, vacuums or analyzes a running PGlite (pglite-maintenance.ts).
  const stopMaintenance = dataDir ? scheduleMaintenance(client) : async () => {};
  return {
    db,
    kind: "pglite",
    failure: client.failure,
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await stopMaintenance();
      await client.close();
      lock?.release();
    },
    // One session: a notification is parsed with the result of the statement that caused it, and
    // its callback runs (as a microtask) before that statement's caller continues.
    listen: async (channel, onNotify, onLive) => {
      const unlisten = await client.listen(channel, () => onNotify());
      onLive(true);
      return async () => {
        onLive(false);
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** `startup`: on PostgreSQL, how long and how loudly to wait for a database not reachable yet. */
export async function openDatabase(opts: { url?: string; dataDir: string; poolSize?: number; startup?: StartupWait }): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize, opts.startup) : openPglite(opts.dataDir);
}

/**
 * Whether `db` is the embedded database, whose one session serves the whole process (a
 * transaction held open there holds every other caller's statements). False inside a transaction.
 */
export function sharesOneSession(db: Db): boolean {
  const client = clientOf(db);
  return client instanceof PgliteThread;
}

/** The driver object under a drizzle database (the pool, PGlite or its thread); undefined inside a transaction. */
export function clientOf(db: Db): object | undefined {
  return (db as { $client?: object }).$client;
}

/** Rows of a raw statement, whichever driver runs it. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Waits for statements sent together, then reports the first failure. In a transaction on the
 * embedded database, statements sent without awaiting each other cross to its thread together
 * (one wait for the other thread's turn instead of one each, while the transaction holds every
 * scoring batch) and run in the order sent; a PostgreSQL connection runs them one after another,
 * as if awaited in turn. Every one must settle before the first failure (in argument order) is
 * thrown: Promise.all would return at the first failure, the transaction would roll back, and a
 * statement a step sent after that would run outside it. For statements of one transaction (or one
 * session): on the PostgreSQL pool, statements sent together take different connections and run
 * in no set order.
 */
export async function together<T extends readonly unknown[]>(...steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
