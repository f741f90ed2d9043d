import type { StoredMatch } from "../../db/schema";
import { iso, isoSeconds } from "../../core/time";
import type { WatchlistService } from "../watchlist";
import type { ScreeningRow } from "./screen-person";

const match = (m: StoredMatch) => ({
  list: m.list,
  match_score: m.match_score,
  entity_name: m.entity_name,
  entity_type: m.entity_type,
  reason: m.reason,
  entity_id: m.entity_id,
  matched_name: m.matched_name,
  matched_alias_strength: m.matched_alias_strength,
  dob_match: m.dob_match,
});

/** The watchlist screening result plus its review fields (server/domain/identity/README.md, "Watchlist screening and review"). */
export function serializeScreening(row: ScreeningRow) {
  return {
    object: "watchlist_screening" as const,
    screening_id: row.id,
    user_id: row.userId,
    name: row.name,
    date_of_birth: row.dateOfBirth,
    lists: row.lists,
    status: row.status,
    matches: row.matches.map(match),
    suppressed_matches: row.suppressedMatches.map(match),
    review_state: row.reviewState,
    review_decision_id: row.reviewDecisionId,
    verification_id: row.verificationId,
    screened_at: iso(row.createdAt),
    reviewed_at: isoSeconds(row.reviewedAt),
    subject_key: row.subjectKey,
  };
}

/**
 * The listed entities behind a screening's matches, as the current lists hold them, for a reviewer
 * to compare side by side. `changed` says the entry was updated since the screening.
 */
export function listedEntities(row: ScreeningRow, service: WatchlistService) {
  const index = service.currentIndex();
  const byId = new Map(index?.entities.map((e) => [e.id, e]) ?? []);
  return [...row.matches, ...row.suppressedMatches].map((m) => {
    const e = byId.get(m.entity_id);
    return e
      ? {
          entity_id: e.id,
          list: e.list,
          entity_type: e.type,
          primary_name: e.primaryName,
          aliases: e.aliases.map((a) => ({ name: a.name, strength: a.strength })),
          dates_of_birth: e.datesOfBirth.map(
            (d) =>
              [d.year, d.month, d.day]
                .filter(Boolean)
                .map((n) => String(n).padStart(2, "0"))
                .join("-") + (d.approximate ? " (approx.)" : ""),
          ),
          nationalities: e.nationalities,
          programmes: e.programmes,
          remarks: e.remarks,
          details: e.details,
          changed: e.version !== m.entity_version,
        }
      : { entity_id: m.entity_id, list: m.list, removed: true };
  });
}
