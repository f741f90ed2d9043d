import { compareDob, parseQueryDate } from "./dates";
import { particleNote } from "./particles";
import { buildReason } from "./reason";
import { POSSIBLE_MATCH_THRESHOLD, applyDob, DOB_BOOST_MIN_NAME_SCORE } from "./score";
import { queryForms } from "./name-forms";
import type { IndexedName, ScreeningIndex } from "./screening-index";
import type { DobComparison, PartialDate, ScreenQuery, ScreenResult, WatchlistEntity } from "./types";

// One screening: a name (and optionally a date of birth) against the index.

const DEFAULT_LIMIT = 20;
const MAX_NAME_LENGTH = 300;

/** Scores are reported to four decimals: enough to sort, without noise from float arithmetic. */
function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}

export function screen(index: ScreeningIndex, query: ScreenQuery): ScreenResult[] {
  const name = (query.name ?? "").slice(0, MAX_NAME_LENGTH);
  // The name as written and with its particles canonicalised (particles.ts): the best form wins.
  const forms = queryForms(name);
  if (forms.length === 0) return [];
  const dob: PartialDate | undefined = query.dateOfBirth ? parseQueryDate(query.dateOfBirth) : undefined;
  const floor = query.minScore ?? POSSIBLE_MATCH_THRESHOLD;
  // A matching date of birth can lift a name score from DOB_BOOST_MIN_NAME_SCORE up to the floor, so
  // with a date the index must return names from there.
  const nameFloor = dob ? Math.min(floor, DOB_BOOST_MIN_NAME_SCORE) : floor;
  const hits = index.search(forms, {
    floor: nameFloor,
    lists: query.lists ? new Set(query.lists) : undefined,
    entityType: query.entityType,
  });
  const scored: { entity: WatchlistEntity; matched: IndexedName; score: number; dobMatch: DobComparison }[] = [];
  for (const hit of hits) {
    const entity = index.entities[hit.entity] as WatchlistEntity;
    // Organisations have no date of birth; an individual's is compared when both sides have one.
    const dobMatch: DobComparison = entity.type === "individual" ? compareDob(dob, entity.datesOfBirth) : "not_compared";
    const score = round(Math.min(1, applyDob(hit.score, dobMatch)));
    if (score < floor) continue;
    scored.push({ entity, matched: index.names[hit.name] as IndexedName, score, dobMatch });
  }
  scored.sort((a, b) => b.score - a.score || a.entity.id.localeCompare(b.entity.id));
  // Reasons are built only for the results returned: they are the costliest part per result.
  return scored.slice(0, query.limit ?? DEFAULT_LIMIT).map(({ entity, matched, score, dobMatch }) => ({
    entity,
    list: entity.list,
    match_score: score,
    entity_name: entity.primaryName,
    entity_type: entity.type,
    reason: buildReason(entity, matched.text, matched.strength, dobMatch, particleNote(name, matched.text)),
    matched_name: matched.text,
    matched_alias_strength: matched.strength,
    dob_match: dobMatch,
  }));
}
