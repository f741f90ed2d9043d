import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityVerifications } from "../../db/schema";
import { inScope } from "../../db/scope";
import { ApiError } from "../../core/errors";
import type { ListName } from "../watchlist";
import { screenPerson, type ScreeningCtx, type ScreeningRow } from "./screen-person";

export type WatchlistQuery = { user_id?: string; name?: string; date_of_birth?: string; lists?: ListName[] };

/**
 * GET /v1/identity/watchlist (server/domain/identity/README.md): `name` alone screens that name;
 * `user_id` alone screens the identity stored by the user's latest verification; both screen
 * `name` and store it for that user, who must have an identity record.
 */
export async function screenWatchlist(db: Db, ctx: ScreeningCtx, q: WatchlistQuery): Promise<ScreeningRow> {
  if (!q.user_id && !q.name) {
    throw new ApiError("missing_required_field", "user_id is required unless name is given.", "user_id");
  }
  let name = q.name;
  let dateOfBirth = q.date_of_birth;
  let entityType: "individual" | "organization" | undefined;
  if (q.user_id) {
    const [identity] = await db
      .select({ name: identityVerifications.name, dob: identityVerifications.dateOfBirth, type: identityVerifications.type })
      .from(identityVerifications)
      .where(inScope(identityVerifications, ctx.scope, eq(identityVerifications.userId, q.user_id)))
      .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
      .limit(1);
    if (!identity) {
      throw new ApiError(
        "resource_not_found",
        `No identity record for user ${q.user_id}: verify the user with POST /v1/identity/verify first.`,
        "user_id",
      );
    }
    if (!name) {
      name = identity.name;
      dateOfBirth ??= identity.dob ?? undefined;
      entityType = identity.type === "business" ? "organization" : "individual";
    }
  }
  return screenPerson(db, ctx, {
    userId: q.user_id ?? null,
    name: name as string,
    dateOfBirth,
    lists: q.lists,
    entityType,
    source: "api",
  });
}
