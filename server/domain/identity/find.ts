import { eq } from "drizzle-orm";
import type { Page } from "../../core/pagination";
import { newestFirstPage } from "../../db/page";
import type { Db } from "../../db/client";
import { identityVerifications } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { notFound } from "../../core/errors";
import type { VerificationRow } from "./serialize";

/** The verification with that id in the scope, or 404 resource_not_found. */
export async function getVerification(db: Db, scope: Scope, id: string): Promise<VerificationRow> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(inScope(identityVerifications, scope, eq(identityVerifications.id, id)))
    .limit(1);
  if (!row) throw notFound("identity verification", "id");
  return row;
}

/** The verifications of the scope, newest first, by status, user and type (Surface B's list). */
export async function listVerifications(
  db: Db,
  scope: Scope,
  q: { status?: VerificationRow["status"]; userId?: string; type?: VerificationRow["type"]; limit: number; after?: string },
): Promise<Page<VerificationRow>> {
  return newestFirstPage(
    db,
    identityVerifications,
    scope,
    [
      q.status ? eq(identityVerifications.status, q.status) : undefined,
      q.userId ? eq(identityVerifications.userId, q.userId) : undefined,
      q.type ? eq(identityVerifications.type, q.type) : undefined,
    ],
    q,
  );
}
