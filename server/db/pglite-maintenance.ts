// Upkeep of the embedded database that a PostgreSQL server's own background processes do:
// checkpoints, vacuuming and analyzing. PGlite is a single backend without those processes (PostgreSQL's
// single-user mode). The process that owns the database looks every 5 s and does what is due,
// as a statement of its own on the one session (between, never inside, others' transactions).
// What each costs and saves, measured: server/bench/README.md.
//
// Checkpoints. On a server the checkpointer writes one every `checkpoint_timeout` (5 min) or
// `max_wal_size` (1 GB) of WAL; in single-user mode nothing asks for one while the database runs
// (max_wal_size is not consulted), so the WAL since start-up grows without end, ~4 KB per score,
// until the disk fills, and a restart after a crash replays all of it (a clean close ends with a
// checkpoint). So a checkpoint is run every 5 minutes once anything was written, and after 512 MB
// of WAL, about where a server with the default max_wal_size starts one (max_wal_size / (1 +
// checkpoint_completion_target)). After one, old WAL files are removed or recycled as the next
// ones (no file to create, see pglite-settings.ts).
//
// A CHECKPOINT runs like any statement on the one session: it writes the dirty pages (at most
// shared_buffers, 128 MB) and syncs them, every scoring statement waiting behind it. That is the
// price of a bounded WAL and a bounded restart; the bound is not smaller because each checkpoint
// costs that much again, and the pages written first after it go to the WAL whole
// (full_page_writes, against torn pages).
//
// Vacuuming. Without autovacuum nothing removes dead rows: every score adds and then deletes a
// detection inbox row, every fold updates an alert, every job run updates its job. Their space and
// index entries were never reclaimed, and no table's transaction ids were ever frozen, so after
// ~2 billion transactions (weeks at 1,000 batches/s) PostgreSQL would stop accepting writes. Here
// each table is vacuumed by autovacuum's own default rules: when its dead rows exceed 50 + 20 % of
// its live rows, or its oldest unfrozen transaction id is 200 million transactions old (a plain
// VACUUM then scans the whole table and freezes it: a long statement on a large table, once per
// 200 million transactions).
//
// Analyzing. Nor did anything refresh planner statistics but the few ANALYZEs the code ran itself
// (the tables the detectors read when they double, domain/detection/statistics.ts; the scoring
// tables every 15 minutes, domain/scoring/jobs.ts). Every other table kept the statistics of the
// moment it was first analyzed, nearly empty, and the planner then picks among indexes blindly
// (locking the open alerts of a detection run's hits walked an index through every open alert of
// the account). So autovacuum's analyze rule as well: a table is analyzed when the rows inserted,
// updated or deleted since its last ANALYZE exceed 50 + 10 % of its rows. An ANALYZE samples at
// most 3,000 rows here (pglite-settings.ts). `transactions` is left to its own schedule (a
// column-list ANALYZE, server/db/analyze.ts, which does not reset the count of changed rows: the
// rule would find it due forever). The append-only logs (the event log, decisions, case audit
// entries, the webhook outbox) are analyzed when their rows have doubled instead: rows there are
// only ever added (until retention purges old ones, after which VACUUM, due by the dead rows,
// counts the table again), so the shape of their values does not drift, and the planner scales
// its row estimate to the table's current size by itself; under the 10 % rule `events` (a row or
// two per score) was analyzed every few seconds at full load, every statement waiting.

export type CheckpointLimits = {
  /** WAL written since the last checkpoint's redo point that makes one due. */
  walBytes: number;
  /** Age of the last checkpoint that makes one due, once any WAL was written since. */
  ageMs: number;
};

export const CHECKPOINT_LIMITS: CheckpointLimits = { walBytes: 512 * 1024 * 1024, ageMs: 5 * 60_000 };

/** How often the owner looks: a look reads the table statistics and the control file. */
export const MAINTENANCE_CHECK_MS = 5_000;

/** A checkpoint record and the records written with it: "nothing since" below this. */
const IDLE_WAL_BYTES = 64 * 1024;

type Session = { query: (sql: string) => Promise<{ rows: unknown[] }> };

/** Runs CHECKPOINT when one is due by `limits`; reports whether it did. */
export async function checkpointIfDue(session: Session, limits: CheckpointLimits = CHECKPOINT_LIMITS): Promise<boolean> {
  const { rows } = await session.query(
    `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as wal,
            extract(epoch from now() - checkpoint_time)::float8 * 1000 as age
     from pg_control_checkpoint()`,
  );
  const { wal, age } = rows[0] as { wal: number; age: number };
  const due = wal >= limits.walBytes || (age >= limits.ageMs && wal > IDLE_WAL_BYTES);
  if (due) await session.query("checkpoint");
  return due;
}

export type VacuumLimits = {
  /** Dead rows beyond `deadRows + deadFraction × live rows` make a table due. */
  deadRows: number;
  deadFraction: number;
  /** Age (in transactions) of a table's oldest unfrozen transaction id that makes it due. */
  freezeAge: number;
};

/** autovacuum_vacuum_threshold, autovacuum_vacuum_scale_factor, autovacuum_freeze_max_age. */
export const VACUUM_LIMITS: VacuumLimits = { deadRows: 50, deadFraction: 0.2, freezeAge: 200_000_000 };

export type AnalyzeLimits = {
  /** Rows changed since the last ANALYZE beyond `changedRows + changedFraction × rows` make a table due. */
  changedRows: number;
  changedFraction: number;
};

/** autovacuum_analyze_threshold, autovacuum_analyze_scale_factor. */
export const ANALYZE_LIMITS: AnalyzeLimits = { changedRows: 50, changedFraction: 0.1 };

/** Tables ANALYZEd on a schedule of their own (see above). */
const ANALYZED_ELSEWHERE = ["transactions"];

/** Tables whose rows are only ever inserted: analyzed when they doubled (see above). */
const APPEND_ONLY = ["events", "decisions", "case_events", "alert_events", "webhook_events"];

/** The tables of the public schema due for VACUUM and for ANALYZE: one read of the table statistics. */
async function tablesDue(session: Session, vacuum: VacuumLimits, analyze: AnalyzeLimits): Promise<{ vacuum: string[]; analyze: string[] }> {
  // reltuples is -1 until a table was first vacuumed or analyzed (then only the threshold counts).
  const { rows } = await session.query(
    `select name, vacuum_due, analyze_due from (
       select s.relname as name,
              s.n_dead_tup > ${Number(vacuum.deadRows)} + ${Number(vacuum.deadFraction)} * greatest(s.n_live_tup, 0)
                or age(c.relfrozenxid) > ${Number(vacuum.freezeAge)} as vacuum_due,
              s.relname not in (${list(ANALYZED_ELSEWHERE)})
                and s.n_mod_since_analyze > ${Number(analyze.changedRows)}
                  + (case when s.relname in (${list(APPEND_ONLY)}) then 1 else ${Number(analyze.changedFraction)} end) * greatest(c.reltuples, 0) as analyze_due
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
       where s.schemaname = 'public' and c.relkind = 'r') t
     where vacuum_due or analyze_due
     order by name`,
  );
  const due = rows as { name: string; vacuum_due: boolean; analyze_due: boolean }[];
  return { vacuum: due.filter((r) => r.vacuum_due).map((r) => r.name), analyze: due.filter((r) => r.analyze_due).map((r) => r.name) };
}

async function run(session: Session, command: "vacuum" | "analyze", tables: string[]): Promise<string[]> {
  for (const name of tables) await session.query(`${command} ${quoteIdent(name)}`);
  return tables;
}

/** VACUUMs every table of the public schema that is due by `limits`; reports which. */
export async function vacuumIfDue(session: Session, limits: VacuumLimits = VACUUM_LIMITS): Promise<string[]> {
  return run(session, "vacuum", (await tablesDue(session, limits, ANALYZE_LIMITS)).vacuum);
}

/** ANALYZEs every table of the public schema that is due by `limits`; reports which. */
export async function analyzeIfDue(session: Session, limits: AnalyzeLimits = ANALYZE_LIMITS): Promise<string[]> {
  return run(session, "analyze", (await tablesDue(session, VACUUM_LIMITS, limits)).analyze);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const list = (names: string[]) => names.map((n) => `'${n.replaceAll("'", "''")}'`).join(", ");

export type MaintenanceLimits = { checkpoint: CheckpointLimits; vacuum: VacuumLimits; analyze: AnalyzeLimits };
export const MAINTENANCE_LIMITS: MaintenanceLimits = { checkpoint: CHECKPOINT_LIMITS, vacuum: VACUUM_LIMITS, analyze: ANALYZE_LIMITS };

/** Vacuums and analyzes what is due, then checkpoints if due (so a checkpoint also writes what VACUUM freed). */
export async function maintainIfDue(session: Session, limits = MAINTENANCE_LIMITS): Promise<void> {
  const due = await tablesDue(session, limits.vacuum, limits.analyze);
  await run(session, "vacuum", due.vacuum);
  await run(session, "analyze", due.analyze);
  await checkpointIfDue(session, limits.checkpoint);
}

/**
 * Looks every `everyMs` until the returned stop function is called (which waits for a look in
 * progress). A failed look is retried at the next one: a database that cannot vacuum or
 * checkpoint has failed, and its thread reports that to the process (PgliteThread.failure).
 */
export function scheduleMaintenance(session: Session, everyMs = MAINTENANCE_CHECK_MS, limits = MAINTENANCE_LIMITS): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const tick = () => {
    running = maintainIfDue(session, limits)
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  timer = setTimeout(tick, everyMs).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
