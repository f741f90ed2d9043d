import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../db/client";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped on close), so files run in parallel.
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPglite();
  const name = `argus_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
