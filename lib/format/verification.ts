import type { VerificationCheck, Verification, VerificationType, CheckStatus, VerificationStatus } from "../api/wire";

// Identity verifications in the console's words: statuses, checks and what each check means
// (server/domain/identity/README.md). The records themselves are generated (lib/api/wire.ts).

export const verificationStatusLabels: Record<VerificationStatus, string> = {
  pending: "Pending",
  verified: "Verified",
  failed: "Failed",
  flagged: "Flagged",
};

export const verificationTypeLabels: Record<VerificationType, string> = { individual: "Individual (KYC)", business: "Business (KYB)" };

export const checkStatusLabels: Record<CheckStatus, string> = { pass: "Passed", pending: "Pending", fail: "Failed" };

const checkNames: Record<string, { label: string; what: string }> = {
  identity_match: {
    label: "Identity match",
    what: "The person is 18 or older and their name and date of birth agree with earlier verifications of this user.",
  },
  document_validity: {
    label: "Document validity",
    what: "The document (or registration) number fits its type and issuing country, with check digits where published, and has not expired.",
  },
  liveness: { label: "Liveness", what: "The liveness vendor reported a live person with a score of at least 0.5." },
  database_check: {
    label: "Database check",
    what: "No watchlist match, no link to confirmed fraud in this account, and no reuse of the identity by other users.",
  },
  address_verification: { label: "Address", what: "The postal code and region are consistent with the address country." },
  phone_match: { label: "Phone", what: "The phone number is valid and its calling code is the address country's." },
};

export function checkLabel(name: string): string {
  return checkNames[name]?.label ?? name.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
}

/** What a check verifies, in plain words (null for a check the console does not know yet). */
export function checkPurpose(name: string): string | null {
  return checkNames[name]?.what ?? null;
}

/** Why the check has its status: the API's own detail, or a generic sentence when it gave none. */
export function checkExplanation(check: VerificationCheck): string {
  if (check.detail && check.detail.trim() !== "") return check.detail;
  if (check.status === "pending") return "Still running; the verification completes when it does.";
  if (check.status === "fail") return "The check failed; the API gave no further detail.";
  return "The check passed.";
}

/**
 * The screening a verification's database check waits on (a possible watchlist match left for a
 * reviewer), so the identity queue can link to the watchlist review. The record's own
 * `screening_id` is preferred; the check's detail names it too ("awaiting review of screening …").
 */
export function screeningAwaitingReview(verification: Pick<Verification, "checks" | "screening_id">): string | null {
  const check = verification.checks.find((c) => c.name === "database_check");
  if (!check || check.status !== "pending") return null;
  const fromDetail = check.detail?.match(/screening (scr_[A-Za-z0-9]+)/)?.[1];
  return verification.screening_id ?? fromDetail ?? null;
}

/** The screening behind a database check that failed or passed on a watchlist result. */
export function screeningOfDatabaseCheck(verification: Pick<Verification, "checks" | "screening_id">): string | null {
  const check = verification.checks.find((c) => c.name === "database_check");
  if (!check) return null;
  return check.detail?.match(/screening (scr_[A-Za-z0-9]+)/)?.[1] ?? verification.screening_id ?? null;
}

/** One line for the queue: which checks failed or are still running. */
export function checksSummary(checks: readonly VerificationCheck[]): string {
  const failed = checks.filter((c) => c.status === "fail").map((c) => checkLabel(c.name));
  const pending = checks.filter((c) => c.status === "pending").map((c) => checkLabel(c.name));
  const parts: string[] = [];
  if (failed.length) parts.push(`Failed: ${failed.join(", ")}`);
  if (pending.length) parts.push(`Pending: ${pending.join(", ")}`);
  if (!parts.length) return checks.length ? `All ${checks.length} checks passed` : "No checks";
  return parts.join(" · ");
}

/** The subject's display name: a person's first and last name, or a business's legal name. */
export function subjectName(subject: Record<string, unknown>): string | null {
  const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
  const legal = str(subject.legal_name);
  if (legal) return legal;
  const name = [str(subject.first_name), str(subject.last_name)].filter(Boolean).join(" ");
  return name || null;
}

/** The country of the subject: the address country (individual) or country of incorporation. */
export function subjectCountry(subject: Record<string, unknown>): string | null {
  const address = (subject.address ?? subject.registered_address) as Record<string, unknown> | undefined;
  const country =
    (typeof subject.country === "string" ? subject.country : undefined) ??
    (address && typeof address.country === "string" ? address.country : undefined);
  return country ?? null;
}
