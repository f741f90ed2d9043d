import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, apiKeys, type Environment } from "../../db/schema";
import { newId } from "../../core/ids";
import { iso, isoSeconds } from "../../core/time";
import type { Page } from "../../core/pagination";
import { newestFirstPage } from "../../db/page";
import type { Scope } from "../../db/scope";
import type { KeyPrincipal } from "../../core/principal";
import { generateKey, hashKey } from "./key-format";
import { invalidateKeyCache, keyCacheOf } from "./key-cache";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The public view of a key: never the hash, never the key itself (that is shown once, at creation). */
export function serializeKey(row: ApiKeyRow) {
  return {
    object: "api_key" as const,
    id: row.id,
    account_id: row.accountId,
    label: row.label,
    environment: row.environment,
    scopes: row.scopes,
    last_four: row.lastFour,
    created_at: iso(row.createdAt),
    last_used_at: isoSeconds(row.lastUsedAt),
    request_count: row.requestCount,
    revoked_at: isoSeconds(row.revokedAt),
  };
}

export type CreateKeyInput = {
  accountId: string;
  environment: Environment;
  label: string;
  scopes: string[];
  createdBy?: string;
};

export async function createKey(db: Db, input: CreateKeyInput): Promise<{ row: ApiKeyRow; key: string }> {
  const key = generateKey(input.environment);
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId("key"),
      accountId: input.accountId,
      environment: input.environment,
      label: input.label,
      scopes: [...new Set(input.scopes)],
      keyHash: hashKey(key),
      lastFour: key.slice(-4),
      createdBy: input.createdBy ?? null,
    })
    .returning();
  return { row: row as ApiKeyRow, key };
}

/** Revokes a key (idempotent: the first revocation time is kept). Scoped to an account when given. */
export async function revokeKey(db: Db, keyId: string, accountId?: string): Promise<ApiKeyRow | undefined> {
  const where = accountId ? and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)) : eq(apiKeys.id, keyId);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(where)
    .returning();
  invalidateKeyCache(db);
  return row;
}

export async function listKeys(db: Db, accountId: string, environment?: Environment): Promise<ApiKeyRow[]> {
  const where = environment
    ? and(eq(apiKeys.accountId, accountId), eq(apiKeys.environment, environment))
    : eq(apiKeys.accountId, accountId);
  return db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * The auth lookup: the key cache when it is live, else one indexed read. Either way a revocation
 * or a new limit made by any process (CLI, console, another API process) applies on the very next
 * request (see key-cache.ts for why the cache cannot serve a revoked key).
 */
export async function findActiveKey(db: Db, key: string): Promise<KeyPrincipal | null> {
  const hash = hashKey(key);
  const cache = keyCacheOf(db);
  const cached = cache?.get(hash);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      accountId: apiKeys.accountId,
      environment: apiKeys.environment,
      scopes: apiKeys.scopes,
      rateLimitPerMinute: accounts.rateLimitPerMinute,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (row) cache?.set(hash, row, generation);
  return row ?? null;
}

/** The keys of an account's environment, newest first (the dashboard's list). */
export async function listKeyPage(db: Db, scope: Scope, q: { limit: number; after?: string }): Promise<Page<ApiKeyRow>> {
  return newestFirstPage(db, apiKeys, scope, [], q);
}
