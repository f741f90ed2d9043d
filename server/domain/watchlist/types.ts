// The one entity model every list is parsed into, so matching, screening and the API never care
// which publisher a record came from.

export const LIST_NAMES = ["ofac", "un_sanctions", "eu_sanctions", "pep", "adverse_media"] as const;
export type ListName = (typeof LIST_NAMES)[number];

export type EntityType = "individual" | "organization";

/** Strong aliases identify the subject as well as the primary name; weak ones (nicknames, low-quality
 * a.k.a.s) are recorded because they help reviewers, but weigh less in matching. */
export type AliasStrength = "strong" | "weak";

export type Alias = {
  name: string;
  strength: AliasStrength;
  /** Source label, when the list gives one: "aka", "fka", "nka", "original_script", … */
  kind?: string;
};

/**
 * A date of birth as lists publish it: often only a year, sometimes "circa", sometimes a range.
 * `yearTo` is set for ranges ("1951 to 1953", UN BETWEEN); ranges are always approximate.
 */
export type PartialDate = {
  year: number;
  month?: number;
  day?: number;
  approximate: boolean;
  yearTo?: number;
};

export type WatchlistEntity = {
  /** Stable across list refreshes: the publisher's own identifier, prefixed (`ofac:36`, `un:QDi.001`). */
  id: string;
  list: ListName;
  type: EntityType;
  /** The publisher's own type, kept because "organization" merges entities, vessels and aircraft. */
  sourceType: string;
  primaryName: string;
  aliases: Alias[];
  datesOfBirth: PartialDate[];
  nationalities: string[];
  programmes: string[];
  remarks: string;
  /** List-specific extras (position, source_url, listed_on, …); shown to reviewers, not matched on. */
  details: Record<string, string>;
  /** Content hash of everything above, so callers can tell "this list entry changed". */
  version: string;
};

/** An entity before its version hash is computed (what parsers build). */
export type EntityDraft = Omit<WatchlistEntity, "version">;

export type MatchStrength = "primary" | AliasStrength;

/** How the query's date of birth compares with the entity's recorded dates. */
export type DobComparison = "exact" | "day_month_swapped" | "month" | "year" | "partial_conflict" | "conflict" | "not_compared";

export type ScreenQuery = {
  name: string;
  /** ISO date, `YYYY-MM-DD` (a bare `YYYY` or `YYYY-MM` is accepted too). */
  dateOfBirth?: string;
  lists?: readonly ListName[];
  entityType?: EntityType;
  /** Lowest score returned; defaults to POSSIBLE_MATCH_THRESHOLD. */
  minScore?: number;
  /** Cap on the number of results; defaults to 20. */
  limit?: number;
};

export type ScreenResult = {
  entity: WatchlistEntity;
  list: ListName;
  match_score: number;
  entity_name: string;
  entity_type: EntityType;
  reason: string;
  matched_name: string;
  matched_alias_strength: MatchStrength;
  dob_match: DobComparison;
};
