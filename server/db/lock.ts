import fs from "node:fs";
import path from "node:path";

// PGlite is an in-process database: two processes opening one folder corrupt it silently.
// The owner writes its pid into `argus.lock` with O_EXCL; a lock whose pid no longer runs is stale.
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${path.dirname(lockPath)} is in use by process ${pid}. ` +
        `Only one process may open an embedded (PGlite) database. Stop that process, use another ` +
        `ARGUS_DATA_DIR, or set DATABASE_URL to run several processes on PostgreSQL.`,
    );
  }
}

export type DataDirLock = { path: string; release: () => void };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockPathFor(dataDir: string): string {
  return path.join(dataDir, "argus.lock");
}

/** The pid holding the folder, or null when it is free (a stale lock counts as free). */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPathFor(dataDir), "utf8").split("\n")[0] ?? "", 10);
    return Number.isFinite(pid) && pid !== process.pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = lockPathFor(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").startsWith(`${process.pid}\n`)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return { path: lockPath, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirLockedError(lockPath, holder);
      // Stale lock from a process that died: remove it and try once more.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
