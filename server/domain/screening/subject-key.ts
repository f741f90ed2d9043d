import { createHash } from "node:crypto";
import type { StoredMatch } from "../../db/schema";
import { nameKey, normalizeTokens } from "../watchlist";

export type SubjectInput = {
  userId: string | null;
  name: string;
  dateOfBirth: string | null;
  entityType: "individual" | "organization" | null;
  matches: readonly Pick<StoredMatch, "entity_id" | "entity_version">[];
};

/**
 * Twins (issue 32): screenings of the same subject against the same listed entries, so one review
 * decides them all. Same subject: the same user (or both name-only), the same name once normalised
 * as the engine compares names (case, accents, honorifics, word order), the same date of birth and
 * entity type as screened. Same entries: the same set of matched entity ids at the same list
 * version, since a reviewer's verdict covers only the entries they compared. Null for a clear
 * screening: it awaits no review, so it has no twin.
 */
export function subjectKey(s: SubjectInput): string | null {
  if (s.matches.length === 0) return null;
  const entries = [...new Set(s.matches.map((m) => `${m.entity_id}@${m.entity_version}`))].sort();
  const parts = [s.userId ?? "", nameKey(normalizeTokens(s.name)), s.dateOfBirth ?? "", s.entityType ?? "", ...entries];
  return `sub_${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32)}`;
}
