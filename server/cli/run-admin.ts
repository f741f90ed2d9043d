import { loadEnv } from "../config/env";
import { openPglite, openPostgres } from "../db/client";
import { DataDirLockedError, lockHolder } from "../db/lock";
import { runAdminCommand } from "../admin/commands";
import { sendAdminCommand } from "../admin/channel";

/**
 * Runs an operator command against the configured database: directly on PostgreSQL; on PGlite
 * directly when no process holds the folder, otherwise through the owning API's admin channel.
 */
export async function runAdmin(command: string, args: unknown): Promise<unknown> {
  const config = loadEnv();
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL, 2);
    try {
      return await runAdminCommand(database.db, command, args);
    } finally {
      await database.close();
    }
  }
  if (lockHolder(config.dataDir) !== null) return sendAdminCommand(config.dataDir, command, args);
  let database;
  try {
    database = await openPglite(config.dataDir);
  } catch (err) {
    // Lost a race with an API starting up: it owns the folder now, so ask it.
    if (err instanceof DataDirLockedError) return sendAdminCommand(config.dataDir, command, args);
    throw err;
  }
  try {
    return await runAdminCommand(database.db, command, args);
  } finally {
    await database.close();
  }
}
