import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { keyset, toPage, type Page, type PageParams } from "../core/pagination";
import type { Db } from "./client";
import { inScope, type Scope } from "./scope";

type Row = { createdAt: Date; id: string };
type ListedTable = PgTable & { accountId: PgColumn; environment: PgColumn; createdAt: PgColumn; id: PgColumn };

/**
 * One page of a scoped table's rows, newest first (created_at, then id), with the list's filters:
 * the shape of most GET lists of both surfaces. Rows come back as stored; the caller serializes.
 */
export async function newestFirstPage<T extends ListedTable>(
  db: Db,
  table: T,
  scope: Scope,
  filters: (SQL | undefined)[],
  q: PageParams,
): Promise<Page<T["$inferSelect"] & Row>> {
  const page = keyset({ createdAt: table.createdAt, id: table.id }, q.after);
  const found = (await db
    .select()
    .from(table as PgTable)
    .where(inScope(table, scope, ...filters, page.where))
    .orderBy(...page.orderBy)
    .limit(q.limit + 1)) as (T["$inferSelect"] & Row)[];
  return toPage(found, q.limit, (r) => r);
}
