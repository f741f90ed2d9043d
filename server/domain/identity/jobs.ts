import type { DomainDeps } from "../deps";
import type { JobHandler } from "../../jobs/runner";
import type { Environment, StoredCheck } from "../../db/schema";
import { checkDocumentNumber } from "./checks/documents";
import { checkRegistrationNumber } from "./checks/registration";
import { settleChecks } from "./resolve";
import { KYC_COMPLETE_JOB, LIVENESS_TIMEOUT_JOB } from "./verify";

type Payload = {
  verification_id: string;
  accountId: string;
  environment: Environment;
  document?: { type?: string; number?: string; issuing_country?: string; expiry_date?: string };
  registration?: { country: string; number: string };
};

/** Document analysis of what the request carries: number format and check digits, expiry. */
export function documentCheck(doc: NonNullable<Payload["document"]>, today = new Date()): StoredCheck {
  const problems: string[] = [];
  const notes: string[] = [];
  if (!doc.number) problems.push("no document number was provided");
  else {
    const format = checkDocumentNumber(doc.type ?? "national_id", doc.issuing_country, doc.number);
    (format.ok ? notes : problems).push(format.detail);
  }
  if (!doc.type) problems.push("the document type is missing");
  if (doc.expiry_date) {
    if (doc.expiry_date < today.toISOString().slice(0, 10)) problems.push(`the document expired on ${doc.expiry_date}`);
    else notes.push(`Valid until ${doc.expiry_date}.`);
  } else notes.push("No expiry date was provided.");
  return problems.length
    ? { name: "document_validity", status: "fail", detail: `Document rejected: ${problems.join("; ")}.` }
    : { name: "document_validity", status: "pass", detail: notes.join(" ") };
}

/** The registry step we can run without a registry connection: number format and check digits. */
export function registryCheck(reg: { country: string; number: string }): StoredCheck {
  const r = checkRegistrationNumber(reg.country, reg.number);
  return { name: "document_validity", status: r.ok ? "pass" : "fail", detail: r.detail };
}

/** Job handlers of identity verification: document/registry analysis and the liveness timeout. */
export function identityJobs(deps: DomainDeps): Record<string, JobHandler> {
  return {
    [KYC_COMPLETE_JOB]: {
      // The payload carries the document number until the analysis ran; the runner then clears it.
      scrubPayload: true,
      run: async (raw, { db }) => {
        const p = raw as unknown as Payload;
        const check = p.registration ? registryCheck(p.registration) : documentCheck(p.document ?? {});
        await db.transaction(async (tx) => {
          await settleChecks(tx as never, { scope: { accountId: p.accountId, environment: p.environment }, deps }, p.verification_id, [
            check,
          ]);
        });
      },
    },
    [LIVENESS_TIMEOUT_JOB]: {
      run: async (raw, { db }) => {
        const p = raw as unknown as Payload;
        await db.transaction(async (tx) => {
          await settleChecks(tx as never, { scope: { accountId: p.accountId, environment: p.environment }, deps }, p.verification_id, [
            { name: "liveness", status: "fail", detail: "No liveness result arrived within 24 hours." },
          ]);
        });
      },
    },
  };
}
