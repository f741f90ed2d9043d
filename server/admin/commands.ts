import { z } from "zod";
import type { Db } from "../db/client";
import { accounts, analystRoles, environments } from "../db/schema";
import { ensureAccount, findAccountByName, setAccountRateLimit } from "../domain/accounts/accounts";
import { createKey, listKeys, revokeKey, serializeKey } from "../domain/keys/keys";
import { allScopes } from "../domain/keys/scopes";
import {
  AnalystChangeRefused,
  AnalystExistsError,
  createAnalyst,
  findAnalystByEmail,
  MIN_PASSWORD_LENGTH,
  serializeAnalyst,
  updateAnalyst,
} from "../domain/analysts/analysts";
import { iso } from "../core/time";

/** A refusal to report to the operator (exit code 1), as opposed to a crash. */
export class AdminError extends Error {}

const accountName = z.string().trim().min(1).max(100);

// The operator commands behind `npm run keys` and `npm run users`. They run wherever the database
// is: in the CLI process (PostgreSQL, or a PGlite folder nobody holds) or inside the running API
// (over the local admin channel) when the API owns the PGlite folder.
const commands = {
  "keys.create": {
    args: z.object({
      account: accountName,
      env: z.enum(environments),
      label: z.string().trim().min(1).max(100),
      scopes: z.array(z.enum(allScopes)).default([]),
    }),
    run: async (db: Db, a: { account: string; env: "live" | "test"; label: string; scopes: string[] }) => {
      const account = await ensureAccount(db, a.account);
      const { row, key } = await createKey(db, {
        accountId: account.id,
        environment: a.env,
        label: a.label,
        scopes: a.scopes,
        createdBy: "cli",
      });
      return {
        id: row.id,
        key,
        account_id: row.accountId,
        environment: row.environment,
        scopes: row.scopes,
        label: row.label,
        created_at: iso(row.createdAt),
      };
    },
  },
  "keys.revoke": {
    args: z.object({ id: z.string().regex(/^key_/, "key ids start with key_") }),
    run: async (db: Db, a: { id: string }) => {
      const row = await revokeKey(db, a.id);
      if (!row) throw new AdminError(`No API key ${a.id}.`);
      return serializeKey(row);
    },
  },
  "keys.list": {
    args: z.object({ account: accountName }),
    run: async (db: Db, a: { account: string }) => {
      const account = await findAccountByName(db, a.account);
      if (!account) throw new AdminError(`No account named ${a.account}.`);
      return { object: "list", data: (await listKeys(db, account.id)).map(serializeKey), has_more: false, next_cursor: null };
    },
  },
  "keys.limits": {
    args: z.object({ account: accountName, perMinute: z.number().int().min(1).max(10_000_000) }),
    run: async (db: Db, a: { account: string; perMinute: number }) => {
      const account = await findAccountByName(db, a.account);
      if (!account) throw new AdminError(`No account named ${a.account}.`);
      const row = await setAccountRateLimit(db, account.id, a.perMinute);
      return { object: "account", account_id: row.id, account: row.name, rate_limit_per_minute: row.rateLimitPerMinute };
    },
  },
  "users.add": {
    args: z.object({
      account: accountName,
      email: z.email(),
      role: z.enum(analystRoles),
      password: z.string().min(MIN_PASSWORD_LENGTH, `the password must be at least ${MIN_PASSWORD_LENGTH} characters`),
      name: z.string().optional(),
    }),
    run: async (db: Db, a: { account: string; email: string; role: "analyst" | "lead" | "admin"; password: string; name?: string }) => {
      const account = await ensureAccount(db, a.account);
      try {
        return serializeAnalyst(await createAnalyst(db, { ...a, accountId: account.id }));
      } catch (err) {
        if (err instanceof AnalystExistsError) throw new AdminError(err.message);
        throw err;
      }
    },
  },
  "users.update": {
    args: z.object({
      account: accountName,
      email: z.email(),
      role: z.enum(analystRoles).optional(),
      disabled: z.boolean().optional(),
    }),
    // A new role or disabling ends the analyst's console sessions at once.
    run: async (db: Db, a: { account: string; email: string; role?: "analyst" | "lead" | "admin"; disabled?: boolean }) => {
      const account = await findAccountByName(db, a.account);
      if (!account) throw new AdminError(`No account named ${a.account}.`);
      const analyst = await findAnalystByEmail(db, account.id, a.email);
      if (!analyst) throw new AdminError(`No analyst ${a.email} in account ${a.account}.`);
      try {
        return serializeAnalyst((await updateAnalyst(db, account.id, analyst.id, { role: a.role, disabled: a.disabled }))!);
      } catch (err) {
        if (err instanceof AnalystChangeRefused) throw new AdminError(err.message);
        throw err;
      }
    },
  },
} as const;

export type AdminCommand = keyof typeof commands;

export function isAdminCommand(name: string): name is AdminCommand {
  return Object.hasOwn(commands, name);
}

export async function runAdminCommand(db: Db, name: string, rawArgs: unknown): Promise<unknown> {
  if (!isAdminCommand(name)) throw new AdminError(`Unknown command ${name}.`);
  const command = commands[name];
  const parsed = command.args.safeParse(rawArgs);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminError(`Invalid ${issue?.path.join(".") || "arguments"}: ${issue?.message}`);
  }
  return (command.run as (db: Db, a: unknown) => Promise<unknown>)(db, parsed.data);
}

/** Whether any account exists (bootstrap runs on an empty database only). */
export async function hasAccounts(db: Db): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).limit(1);
  return rows.length > 0;
}
