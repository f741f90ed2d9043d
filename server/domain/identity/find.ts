import { eq } from "drizzle-orm";
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
