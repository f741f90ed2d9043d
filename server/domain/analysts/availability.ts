import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analysts, type AnalystRole, type Availability } from "../../db/schema";
import { ApiError } from "../../core/errors";
import type { AnalystRow } from "./serialize";

/**
 * Sets whether an analyst takes new work. Analysts set their own; leads and admins anyone's in the
 * account. A disabled analyst cannot be made available (422). Setting the current value changes
 * nothing (its time and author stay).
 */
export async function setAvailability(
  db: Db,
  accountId: string,
  actor: { id: string; role: AnalystRole },
  targetId: string,
  availability: Availability,
): Promise<AnalystRow> {
  if (actor.role === "analyst" && actor.id !== targetId) {
    throw new ApiError("insufficient_permissions", "An analyst sets only their own availability; leads and admins set anyone's.");
  }
  const [row] = await db
    .select()
    .from(analysts)
    .where(and(eq(analysts.accountId, accountId), eq(analysts.id, targetId)));
  if (!row) throw new ApiError("resource_not_found", "No analyst with this id in the account.", "id");
  if (row.disabledAt && availability === "available") {
    throw new ApiError("unprocessable", "This analyst is disabled: enable them before making them available.", "availability");
  }
  if (row.availability === availability) return row;
  const [updated] = await db
    .update(analysts)
    .set({ availability, availabilityChangedAt: sql`date_trunc('milliseconds', now())`, availabilityChangedBy: actor.id })
    .where(eq(analysts.id, targetId))
    .returning();
  return updated!;
}
