import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

// How the embedded database is started (on its own thread: pglite-worker.ts). Three departures from
// PGlite's defaults (what each measured: server/bench/README.md):
//
// 1. Durability. PGlite starts PostgreSQL with `-F` (fsync off), and its Node file system has no
//    fsync at all (emscripten's NODEFS leaves `stream_ops.fsync` out; `fdatasync` is a no-op), so a
//    commit reached the page cache but not the disk: it survived the process dying, not the
//    machine. Argus answers a score only after its batch commits, so we start with fsync on, the
//    WAL flushed with `fsync` (the one sync call the emscripten layer forwards), and give NODEFS
//    the missing call: an fdatasync(2) of the real file.
// 2. Statistics sample. ANALYZE samples 300 × default_statistics_target rows, and all of it holds
//    the one session every request's statements wait for. At 10 (3,000 rows, PostgreSQL's default
//    before 8.4) an ANALYZE of a large table is a tenth of what it is at the default 100. The
//    statements it plans are index probes and keyset scans, whose choice does not hinge on fine
//    histograms. A PostgreSQL server keeps its own setting: there ANALYZE runs in a backend of its
//    own, beside the sessions of the requests.
// 3. WAL files created without zero-filling them (`wal_init_zero=off`: only the last byte is
//    written, as PostgreSQL offers for file systems where zero-filling buys nothing). Zero-filling
//    each new 16 MB WAL file through PGlite's file system held the one session every few seconds
//    at full load. What it would have caught early, a full disk, then stops PostgreSQL at its next
//    WAL write instead (it PANICs rather than acknowledge a commit it could not write).
//    Checkpoints (pglite-maintenance.ts) let most new WAL files be recycled ones.
export const PGLITE_STATISTICS_TARGET = 10;

/** PostgreSQL's command line for the embedded database (PGlite's own, minus `-F`, plus the above). */
export function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
    ...["-c", "fsync=on", "-c", "wal_sync_method=fsync"],
    ...["-c", `default_statistics_target=${PGLITE_STATISTICS_TARGET}`],
    ...["-c", "wal_init_zero=off"],
  ];
}

type NodeFsStream = { nfd: number };
type EmscriptenNodeFs = {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  tryFSOperation: <T>(op: () => T) => T;
};

/**
 * PGlite's Node file system with fsync. The call is installed before PostgreSQL starts (emscripten
 * `preRun`), so recovery at start-up syncs too. Errors become the file system's errno errors, as
 * NODEFS does for its other calls, so PostgreSQL sees a failed fsync and stops instead of
 * acknowledging a commit that is not on disk.
 */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>): ReturnType<NodeFS["init"]> {
    const result = await super.init(...args);
    const opts = result.emscriptenOpts;
    const preRun = Array.isArray(opts.preRun) ? opts.preRun : opts.preRun ? [opts.preRun] : [];
    opts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = (mod as unknown as { NODEFS?: EmscriptenNodeFs }).NODEFS;
        if (!nodefs?.stream_ops || typeof nodefs.tryFSOperation !== "function") {
          throw new Error("embedded database: this PGlite build has no NODEFS to add fsync to");
        }
        nodefs.stream_ops.fsync = (stream) => {
          nodefs.tryFSOperation(() => fs.fdatasyncSync(stream.nfd));
          return 0;
        };
      },
    ];
    return result;
  }
}

/** Options for PGlite.create on a folder (`dataDir` given) or in memory (tests). */
export function pgliteOptions(pgDir?: string): PGliteOptions {
  return pgDir ? { fs: new DurableNodeFS(pgDir), startParams: pgliteStartParams() } : { startParams: pgliteStartParams() };
}

/** Whether `pgDir` holds a database already (otherwise PGlite runs initdb into it). */
export function pgliteInitialised(pgDir: string): boolean {
  return fs.existsSync(path.join(pgDir, "PG_VERSION"));
}

/**
 * initdb (run by PGlite in a module of its own, without our fsync) leaves the new cluster in the
 * page cache. Once, right after it: sync every file, then every folder bottom up, then the folder
 * holding the cluster, so a crash after the first start cannot leave a half-written one behind.
 */
export function syncNewCluster(pgDir: string): void {
  syncTree(pgDir);
  syncPath(path.dirname(pgDir), true);
}

function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(p);
    else if (entry.isFile()) syncPath(p, false);
  }
  syncPath(dir, true);
}

function syncPath(p: string, isDir: boolean): void {
  const fd = fs.openSync(p, "r");
  try {
    fs.fdatasyncSync(fd);
  } catch (err) {
    // Some file systems cannot sync a folder; PostgreSQL ignores exactly these two there too.
    const code = (err as NodeJS.ErrnoException).code;
    if (!(isDir && (code === "EINVAL" || code === "EBADF"))) throw err;
  } finally {
    fs.closeSync(fd);
  }
}
