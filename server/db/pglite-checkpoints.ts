// Checkpoints of the embedded database. On a PostgreSQL server the checkpointer process writes one
// every `checkpoint_timeout` (5 min) or `max_wal_size` (1 GB) of WAL. PGlite is a single backend
// without that process (PostgreSQL's single-user mode), and there nothing asks for a checkpoint
// while it runs: the WAL since the last one (start-up) grows without end, ~4 KB per score
// (measured: 28 WAL files, 448 MB, after a 70-second bench; max_wal_size is not consulted outside a
// server), until the disk fills, and a restart after a crash replays all of it (a clean close
// ends with a checkpoint). Every 16 MB of it, creating the next WAL file held the one session
// ~50 ms (see pglite-settings.ts). So the process that owns the database asks for checkpoints
// itself, by PostgreSQL's own rule: every 5 minutes once anything was written, and
// after 512 MB of WAL, about where a server with the default max_wal_size (1 GB) starts one
// (max_wal_size / (1 + checkpoint_completion_target)). After one, old WAL files are removed or
// recycled as the next ones (no file to create).
//
// A CHECKPOINT runs like any statement on the one session: it writes the dirty pages (at most
// shared_buffers, 128 MB) and syncs them. Measured: 60–70 ms after 60 MB of WAL (standalone), and
// 196 ms after 256 MB written by the bench at full speed, every scoring statement waiting behind
// it. That is the price of a bounded WAL and a bounded restart, about once every two minutes at
// 1,000 scores/s; the bound is not smaller because each checkpoint costs that much again, and
// the pages written first after it go to the WAL whole (full_page_writes, against torn pages).

export type CheckpointLimits = {
  /** WAL written since the last checkpoint's redo point that makes one due. */
  walBytes: number;
  /** Age of the last checkpoint that makes one due, once any WAL was written since. */
  ageMs: number;
};

export const CHECKPOINT_LIMITS: CheckpointLimits = { walBytes: 512 * 1024 * 1024, ageMs: 5 * 60_000 };

/** How often the owner looks. Reading the control file costs ~0.1 ms. */
export const CHECKPOINT_CHECK_MS = 5_000;

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

/**
 * Looks every `everyMs` until the returned stop function is called (which waits for a check in
 * progress). A failed check is retried at the next look: a database that cannot checkpoint has
 * failed, and its thread reports that to the process (PgliteThread.failure).
 */
export function scheduleCheckpoints(session: Session, everyMs = CHECKPOINT_CHECK_MS, limits = CHECKPOINT_LIMITS): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const tick = () => {
    running = checkpointIfDue(session, limits)
      .catch(() => false)
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
