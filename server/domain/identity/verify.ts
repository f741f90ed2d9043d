import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deviceSessions, identityVerifications, type StoredCheck } from "../../db/schema";
import { inScope } from "../../db/scope";
import { notFound } from "../../core/errors";
import { newId } from "../../core/ids";
import { screenPerson } from "../screening";
import { enqueueDetection } from "../detection";
import { checkAddress, normalizeAddress } from "./checks/address";
import { normalizeDocumentNumber } from "./checks/documents";
import { checkPhone } from "./checks/phone";
import { normalizeRegistrationNumber } from "./checks/registration";
import { databaseCheck, type IdentityKeys } from "./database-check";
import { identityMatch } from "./identity-match";
import { maskNumber, piiKey } from "./pii-keys";
import type { BusinessRequest, IndividualRequest, VerifyRequest } from "./request";
import { recordCompletion, sortChecks, statusOf, type IdentityCtx } from "./resolve";
import type { VerificationRow } from "./serialize";

export const KYC_COMPLETE_JOB = "identity.complete";
export const LIVENESS_TIMEOUT_JOB = "identity.liveness_timeout";
export const LIVENESS_TIMEOUT_MS = 24 * 60 * 60 * 1000;

function keysOf(secret: string, req: VerifyRequest): IdentityKeys {
  if (req.type === "business") {
    return {
      documentKey: piiKey(secret, "registration", `${req.country}:${normalizeRegistrationNumber(req.registration_number)}`),
      phoneKey: null,
      addressKey: piiKey(secret, "address", normalizeAddress(req.registered_address)),
      emailKey: null,
    };
  }
  const doc = req.document;
  return {
    documentKey: doc?.number
      ? piiKey(secret, "document", `${doc.type ?? "any"}:${doc.issuing_country ?? ""}:${normalizeDocumentNumber(doc.number)}`)
      : null,
    phoneKey: req.phone ? piiKey(secret, "phone", req.phone) : null,
    addressKey: piiKey(secret, "address", normalizeAddress(req.address)),
    emailKey: req.email ? piiKey(secret, "email", req.email.trim().toLowerCase()) : null,
  };
}

/** What is kept of the submission: everything a reviewer needs, the document number masked. */
function subjectOf(req: VerifyRequest): Record<string, unknown> {
  const { user_id: _u, session_id: _s, ...rest } = req;
  if (rest.type === "individual" && rest.document?.number) {
    return { ...rest, document: { ...rest.document, number: maskNumber(normalizeDocumentNumber(rest.document.number)) } };
  }
  return rest;
}

function individualChecks(req: IndividualRequest): StoredCheck[] {
  const checks: StoredCheck[] = [];
  if (req.document) checks.push({ name: "document_validity", status: "pending", detail: "Document analysis in progress." });
  if (req.liveness) {
    const { result, score } = req.liveness;
    if (!result)
      checks.push({
        name: "liveness",
        status: "pending",
        detail: `Waiting for the result of ${req.liveness.provider} session ${req.liveness.reference}.`,
      });
    else checks.push(livenessCheck(req.liveness.provider, result, score));
  }
  const address = checkAddress(req.address);
  checks.push({ name: "address_verification", status: address.ok ? "pass" : "fail", detail: address.detail });
  if (req.phone) {
    const phone = checkPhone(req.phone, req.address.country);
    checks.push({ name: "phone_match", status: phone.ok ? "pass" : "fail", detail: phone.detail });
  }
  return checks;
}

export function livenessCheck(provider: string, result: "pass" | "fail", score?: number): StoredCheck {
  const passed = result === "pass" && (score === undefined || score >= 0.5);
  return {
    name: "liveness",
    status: passed ? "pass" : "fail",
    detail: `${provider} reported ${result}${score !== undefined ? ` (score ${score})` : ""}${result === "pass" && !passed ? ", below the 0.5 minimum" : ""}.`,
  };
}

function businessChecks(req: BusinessRequest): StoredCheck[] {
  const address = checkAddress(req.registered_address);
  return [
    { name: "document_validity", status: "pending", detail: "Registry lookup of the registration number in progress." },
    { name: "address_verification", status: address.ok ? "pass" : "fail", detail: address.detail },
  ];
}

/**
 * POST /v1/identity/verify: runs every check that needs only the request at once; a document
 * (document analysis), a business (registry lookup) or liveness evidence without a result leave
 * the verification `pending`, completed by a job or a later call. All writes share `db`'s transaction.
 */
export async function submitVerification(db: Db, ctx: IdentityCtx, req: VerifyRequest): Promise<VerificationRow> {
  // References (server/README.md, "Errors"): a session_id that names no session of this account and
  // environment is 404 (an expired one is accepted, as on the score).
  if (req.session_id !== undefined) {
    const [session] = await db
      .select({ id: deviceSessions.id })
      .from(deviceSessions)
      .where(inScope(deviceSessions, ctx.scope, eq(deviceSessions.id, req.session_id)));
    if (!session) throw notFound("device session", "session_id");
  }
  const id = newId("idv");
  const keys = keysOf(ctx.deps.piiSecret, req);
  const individual = req.type === "individual";
  const name = individual ? `${req.first_name} ${req.last_name}` : req.legal_name;
  const dateOfBirth = individual ? req.date_of_birth : null;

  const screening = await screenPerson(db, ctx, {
    userId: req.user_id,
    name,
    dateOfBirth,
    entityType: individual ? "individual" : "organization",
    source: "identity_verification",
    verificationId: id,
  });
  const checks: StoredCheck[] = individual ? individualChecks(req) : businessChecks(req);
  if (individual) checks.push(await identityMatch(db, ctx.scope, { userId: req.user_id, name, dateOfBirth: req.date_of_birth }));
  checks.push(await databaseCheck(db, ctx.scope, req.user_id, keys, screening));

  const sorted = sortChecks(checks);
  const status = statusOf(sorted);
  const [row] = await db
    .insert(identityVerifications)
    .values({
      id,
      ...ctx.scope,
      userId: req.user_id,
      type: req.type,
      status,
      checks: sorted,
      subject: subjectOf(req),
      name,
      dateOfBirth,
      country: individual ? req.address.country : req.country,
      ...keys,
      sessionId: req.session_id ?? null,
      screeningId: screening.id,
      completedAt: status === "pending" ? null : new Date(),
    })
    .returning();
  const result = row as VerificationRow;
  await enqueueDetection(db, ctx.deps.jobs, ctx.scope, "identity_verification", id);
  if (status !== "pending") await recordCompletion(db, ctx.scope, result);
  if (sorted.some((c) => c.name === "document_validity" && c.status === "pending")) {
    await ctx.deps.jobs.enqueue(
      db,
      KYC_COMPLETE_JOB,
      {
        verification_id: id,
        ...ctx.scope,
        document: individual ? req.document : undefined,
        registration: individual ? undefined : { country: req.country, number: req.registration_number },
      },
      { delayMs: ctx.deps.config.ARGUS_KYC_ASYNC_DELAY_MS },
    );
  }
  if (sorted.some((c) => c.name === "liveness" && c.status === "pending")) {
    await ctx.deps.jobs.enqueue(db, LIVENESS_TIMEOUT_JOB, { verification_id: id, ...ctx.scope }, { delayMs: LIVENESS_TIMEOUT_MS });
  }
  return result;
}
