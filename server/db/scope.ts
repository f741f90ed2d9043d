import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Environment } from "./schema";

/** Who is asking: the account and environment every environment-scoped query is filtered by. */
export type Scope = { accountId: string; environment: Environment };

type ScopedTable = { accountId: PgColumn; environment: PgColumn };

/**
 * The one filter for environment-scoped tables. Every query of such a table goes through it
 * (optionally with more conditions), so an id from one account or environment is invisible in
 * any other: it is simply not found.
 */
export function inScope(table: ScopedTable, scope: Scope, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.accountId, scope.accountId), eq(table.environment, scope.environment), ...more) as SQL;
}

/** The scope columns to spread into an insert. */
export function scopeValues(scope: Scope): { accountId: string; environment: Environment } {
  return { accountId: scope.accountId, environment: scope.environment };
}
