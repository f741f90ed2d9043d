import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analysts, savedViewDefaults, savedViews, type SavedViewQueue } from "../../db/schema";
import { violatesUnique } from "../../db/errors";
import { inScope, scopeValues, type Scope } from "../../db/scope";
import { ApiError, notFound } from "../../core/errors";
import { newId } from "../../core/ids";
import { isoSeconds } from "../../core/time";
import { assertVersion } from "../../core/version-conflict";
import { checkViewFilters } from "./saved-view-filters";

// Saved views (server/domain/desk/README.md, "Saved views"): an analyst's named filter + sort sets
// of the alert and case queues, per account and environment. A view is visible to its owner, and
// to the whole team once a lead or admin shares it; anything else is not found.

export type Viewer = { id: string; role: "analyst" | "lead" | "admin" | "console" };
export type SavedViewInput = { queue: SavedViewQueue; name: string; filters: Record<string, string>; sort: string; shared?: boolean };
export type SavedViewChanges = Partial<Omit<SavedViewInput, "queue">>;

type Row = typeof savedViews.$inferSelect & { ownerName: string; isDefault: boolean };

export function serializeSavedView(row: Row) {
  return {
    object: "saved_view" as const,
    id: row.id,
    queue: row.queue,
    name: row.name,
    filters: row.filters,
    sort: row.sort,
    shared: row.shared,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    is_default: row.isDefault,
    version: row.version,
    created_at: isoSeconds(row.createdAt) as string,
    updated_at: isoSeconds(row.updatedAt) as string,
  };
}

export type SavedViewResource = ReturnType<typeof serializeSavedView>;

const visibleTo = (viewer: Viewer) => or(eq(savedViews.ownerId, viewer.id), eq(savedViews.shared, true));
const canShare = (viewer: Viewer) => viewer.role === "lead" || viewer.role === "admin";

/** The views a viewer sees, with their owner's name and whether it is the viewer's default. */
async function visibleRows(db: Db, scope: Scope, viewer: Viewer, ...more: ReturnType<typeof eq>[]): Promise<Row[]> {
  return (
    db
      .select({
        view: savedViews,
        ownerName: analysts.name,
        isDefault: sql<boolean>`${savedViewDefaults.viewId} is not null`,
      })
      .from(savedViews)
      .innerJoin(analysts, eq(analysts.id, savedViews.ownerId))
      .leftJoin(
        savedViewDefaults,
        and(
          eq(savedViewDefaults.viewId, savedViews.id),
          eq(savedViewDefaults.analystId, viewer.id),
          eq(savedViewDefaults.environment, scope.environment),
        ),
      )
      .where(inScope(savedViews, scope, visibleTo(viewer), ...more))
      // The viewer's own first, then the team's, each by name.
      .orderBy(desc(sql`${savedViews.ownerId} = ${viewer.id}`), asc(sql`lower(${savedViews.name})`), asc(savedViews.id))
      .then((rows) => rows.map((r) => ({ ...r.view, ownerName: r.ownerName, isDefault: Boolean(r.isDefault) })))
  );
}

/** GET /api/v1/views?queue=: the viewer's own views and those shared with the team. */
export async function listSavedViews(db: Db, scope: Scope, viewer: Viewer, queue: SavedViewQueue): Promise<SavedViewResource[]> {
  return (await visibleRows(db, scope, viewer, eq(savedViews.queue, queue))).map(serializeSavedView);
}

async function visibleView(db: Db, scope: Scope, viewer: Viewer, id: string): Promise<Row> {
  const [row] = await visibleRows(db, scope, viewer, eq(savedViews.id, id));
  if (!row) throw notFound("saved view");
  return row;
}

/**
 * A case view's assignee is `none`, `me` (the analyst who opens it: a shared "My cases" is each
 * viewer's own) or an analyst of the account, so the view never filters on nobody.
 */
async function assertAssignee(db: Db, scope: Scope, queue: SavedViewQueue, filters: Record<string, string> | undefined) {
  const assignee = queue === "cases" ? filters?.assignee_id : undefined;
  if (assignee === undefined || assignee === "none" || assignee === "me") return;
  const [found] = await db
    .select({ id: analysts.id })
    .from(analysts)
    .where(and(eq(analysts.accountId, scope.accountId), eq(analysts.id, assignee)));
  if (!found)
    throw new ApiError(
      "invalid_field_value",
      `No analyst ${assignee} in this account (or use none: unassigned, or me: whoever opens the view).`,
      "filters.assignee_id",
    );
}

function assertMayShare(viewer: Viewer, shared: boolean | undefined) {
  if (shared && !canShare(viewer))
    throw new ApiError("insufficient_permissions", "Only leads and admins share a view with the team.", "shared");
}

const nameTaken = (name: string, queue: string) =>
  new ApiError("saved_view_name_taken", `You already have a ${queue} view named "${name}".`, "name");

/** POST /api/v1/views. */
export async function createSavedView(db: Db, scope: Scope, viewer: Viewer, input: SavedViewInput): Promise<SavedViewResource> {
  assertMayShare(viewer, input.shared);
  checkViewFilters(input.queue, input.filters, input.sort);
  await assertAssignee(db, scope, input.queue, input.filters);
  const id = newId("view");
  try {
    await db.insert(savedViews).values({
      id,
      ...scopeValues(scope),
      ownerId: viewer.id,
      queue: input.queue,
      name: input.name,
      filters: input.filters,
      sort: input.sort,
      shared: input.shared ?? false,
    });
  } catch (err) {
    if (violatesUnique(err, "saved_views_owner_name_idx")) throw nameTaken(input.name, input.queue);
    throw err;
  }
  return serializeSavedView(await visibleView(db, scope, viewer, id));
}

/**
 * The view for a change by `viewer`: its owner changes it (a view another analyst keeps to
 * themselves is not found); a shared one of someone else is 403, or for a delete by a lead or admin
 * allowed (they tidy the team's list).
 */
async function ownedView(db: Db, scope: Scope, viewer: Viewer, id: string, forDelete: boolean): Promise<Row> {
  const row = await visibleView(db, scope, viewer, id);
  if (row.ownerId !== viewer.id && !(forDelete && canShare(viewer)))
    throw new ApiError("insufficient_permissions", `Only its owner (${row.ownerName}) changes this view.`);
  return row;
}

/** PATCH /api/v1/views/{id}: the owner's change; If-Match refuses a stale one (nothing changed). */
export async function updateSavedView(
  db: Db,
  scope: Scope,
  viewer: Viewer,
  id: string,
  changes: SavedViewChanges,
  expectedVersion?: number,
): Promise<SavedViewResource> {
  assertMayShare(viewer, changes.shared);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Lock the row so two changes from one version cannot both pass the check.
    await tx.execute(sql`select 1 from saved_views where id = ${id} for update`);
    const row = await ownedView(tx, scope, viewer, id, false);
    assertVersion("saved view", row.version, expectedVersion);
    checkViewFilters(row.queue, changes.filters, changes.sort);
    await assertAssignee(tx, scope, row.queue, changes.filters);
    try {
      await tx
        .update(savedViews)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.filters !== undefined ? { filters: changes.filters } : {}),
          ...(changes.sort !== undefined ? { sort: changes.sort } : {}),
          ...(changes.shared !== undefined ? { shared: changes.shared } : {}),
          version: sql`${savedViews.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(savedViews.id, id));
    } catch (err) {
      if (violatesUnique(err, "saved_views_owner_name_idx")) throw nameTaken(changes.name ?? row.name, row.queue);
      throw err;
    }
    // No longer shared: the others who made it their default open their queue bare again.
    if (changes.shared === false)
      await tx.delete(savedViewDefaults).where(and(eq(savedViewDefaults.viewId, id), ne(savedViewDefaults.analystId, row.ownerId)));
  });
  return serializeSavedView(await visibleView(db, scope, viewer, id));
}

/** DELETE /api/v1/views/{id}: the owner, or a lead or admin for a shared view; defaults on it go too. */
export async function deleteSavedView(db: Db, scope: Scope, viewer: Viewer, id: string, expectedVersion?: number): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select 1 from saved_views where id = ${id} for update`);
    const row = await ownedView(tx, scope, viewer, id, true);
    assertVersion("saved view", row.version, expectedVersion);
    await tx.delete(savedViews).where(eq(savedViews.id, id));
  });
}

/** PUT /api/v1/views/default: the view a queue opens on for this viewer (null: none). */
export async function setDefaultSavedView(
  db: Db,
  scope: Scope,
  viewer: Viewer,
  queue: SavedViewQueue,
  viewId: string | null,
): Promise<{ object: "saved_view_default"; queue: SavedViewQueue; view: SavedViewResource | null }> {
  const mine = and(inScope(savedViewDefaults, scope), eq(savedViewDefaults.analystId, viewer.id), eq(savedViewDefaults.queue, queue));
  if (viewId === null) {
    await db.delete(savedViewDefaults).where(mine);
    return { object: "saved_view_default", queue, view: null };
  }
  const [row] = await visibleRows(db, scope, viewer, eq(savedViews.id, viewId));
  if (!row) throw new ApiError("resource_not_found", "No such saved view.", "view_id");
  if (row.queue !== queue)
    throw new ApiError("invalid_field_value", `view_id names a view of the ${row.queue} queue, not of ${queue}.`, "view_id");
  await db
    .insert(savedViewDefaults)
    .values({ ...scopeValues(scope), analystId: viewer.id, queue, viewId })
    .onConflictDoUpdate({
      target: [savedViewDefaults.accountId, savedViewDefaults.environment, savedViewDefaults.analystId, savedViewDefaults.queue],
      set: { viewId, updatedAt: sql`now()` },
    });
  return { object: "saved_view_default", queue, view: serializeSavedView({ ...row, isDefault: true }) };
}
