import { jaroWinkler } from "./jaro-winkler";
import { normalizeTokens, skeleton, tokenWeight } from "./normalize";
import type { DobComparison } from "./types";

// Scoring: token similarity → name similarity (best-pair assignment, order-independent) → alias
// strength → date of birth. The constants below were tuned on the official lists themselves (see
// evaluation.ts and the measured numbers in README.md).

/** Above this (exclusive) a result is a "match". */
export const MATCH_THRESHOLD = 0.85;
/** From this (inclusive) up to MATCH_THRESHOLD a result is a "possible_match"; below, "clear". */
export const POSSIBLE_MATCH_THRESHOLD = 0.7;

export type Classification = "match" | "possible_match" | "clear";

export function classify(score: number): Classification {
  if (score > MATCH_THRESHOLD) return "match";
  if (score >= POSSIBLE_MATCH_THRESHOLD) return "possible_match";
  return "clear";
}

/**
 * A weak alias (nickname, low-quality a.k.a.) identifies less than a strong one: an exact hit on it
 * scores 0.8, a possible match that a reviewer must confirm, never an automatic "match".
 */
export const WEAK_ALIAS_FACTOR = 0.8;

/** How much more an unpaired word weighs when the other name has an unpaired word too. */
const CONFLICT_WEIGHT = 1;

/** Jaro-Winkler below this means "different token" (random name pairs: ~99.6% fall below it). */
const TOKEN_CUTOFF = 0.8;
/** Stretches the useful range: JW 0.95 → 0.9, 0.9 → 0.8, 0.85 → 0.7, 0.8 → 0.6. */
const TOKEN_STRETCH = 2;
/** The same for tokens of at most 4 letters: JW 0.9 → 0.7. */
const SHORT_STRETCH = 3;
/** Pairs below this Jaro-Winkler are never similar, skeleton or not (Husayn/Hussein is 0.82). */
const SKELETON_MIN_JW = 0.78;
/** Similarity given to transliteration variants that share a phonetic skeleton (Husayn/Hussein). */
const SKELETON_SIMILARITY = 0.85;
/**
 * Up to this length a token must be one edit away (or share a skeleton) to count as similar:
 * Jaro-Winkler rates Huang/Zhang 0.87, yet in a five-letter token two edits make another name.
 */
const SHORT_TOKEN = 5;

/** True when a and b are at most one edit apart (substitution, insertion, deletion, transposition). */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la || i === lb) return true;
  if (la === lb) {
    // One substitution, or one transposition of adjacent letters.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Similarity of two normalised tokens in [0, 1]; 0 means "not the same name token". Single letters
 * (initials) only match the same letter: "j" says too little to be compared with "john".
 */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) return 0;
  const jw = jaroWinkler(a, b);
  if (jw < SKELETON_MIN_JW) return 0;
  const minLen = Math.min(a.length, b.length);
  const sameSkeleton = minLen >= 3 && sameSkeletonOf(a, b);
  if (minLen <= SHORT_TOKEN && !withinOneEdit(a, b)) {
    // Short tokens more than one edit apart are only alike as transliterations (Yusuf/Youssef).
    return sameSkeleton ? stretch(SKELETON_SIMILARITY, minLen) : 0;
  }
  const base = sameSkeleton ? Math.max(jw, SKELETON_SIMILARITY) : jw;
  return base < TOKEN_CUTOFF ? 0 : stretch(base, minLen);
}

/** Skeleton equality only counts for skeletons of 3+ letters ("mr" would join Maria and Moore). */
function sameSkeletonOf(a: string, b: string): boolean {
  const sa = skeleton(a);
  return sa.length >= 3 && sa === skeleton(b);
}

/**
 * Maps Jaro-Winkler onto the score scale. One edit is a bigger change in a 4-letter token than in
 * an 8-letter one, yet Jaro-Winkler only partly reflects that, so short tokens are stretched more:
 * Mary/Mark (JW 0.88) gives 0.65, Zawahiri/Zawahri (0.95) gives 0.9.
 */
function stretch(jw: number, minLen: number): number {
  return Math.max(0, 1 - (1 - jw) * (minLen <= 4 ? SHORT_STRETCH : TOKEN_STRETCH));
}

export type PreparedName = { tokens: string[]; weights: number[]; totalWeight: number };

export function prepareName(name: string): PreparedName {
  const tokens = normalizeTokens(name);
  const weights = tokens.map(tokenWeight);
  return { tokens, weights, totalWeight: weights.reduce((s, w) => s + w, 0) };
}

/**
 * Name similarity from a token-similarity function: tokens are paired greedily, best pair first
 * (each token used once, so order does not matter), and the score is a weighted Dice coefficient:
 * twice the matched weight over the total weight of both names. Unmatched tokens on either side
 * therefore pull the score down in proportion to their weight.
 */
export function assignAndScore(
  qWeights: ArrayLike<number>,
  cWeights: ArrayLike<number>,
  qTotal: number,
  cTotal: number,
  sim: (i: number, j: number) => number,
  /** The candidate's tokens may be a slice of a shared array: its offset and length. */
  cStart = 0,
  nc = cWeights.length - cStart,
  /** Full weights of unpaired tokens (default: the same weights), see below. */
  qBase: ArrayLike<number> = qWeights,
  cBase: ArrayLike<number> = cWeights,
): number {
  const nq = qWeights.length;
  if (nq === 0 || nc === 0) return 0;
  const pairs: number[] = [];
  for (let i = 0; i < nq; i++) {
    for (let j = 0; j < nc; j++) {
      const s = sim(i, j);
      if (s > 0) pairs.push(s, i, j);
    }
  }
  if (pairs.length === 0) return 0;
  const order = Array.from({ length: pairs.length / 3 }, (_, k) => k);
  // Ties: prefer the pair carrying more weight, so "de" does not steal a real name token's partner.
  order.sort((x, y) => {
    const d = (pairs[y * 3] as number) - (pairs[x * 3] as number);
    if (d !== 0) return d;
    const wx = (qWeights[pairs[x * 3 + 1] as number] as number) + (cWeights[cStart + (pairs[x * 3 + 2] as number)] as number);
    const wy = (qWeights[pairs[y * 3 + 1] as number] as number) + (cWeights[cStart + (pairs[y * 3 + 2] as number)] as number);
    return wy - wx;
  });
  let usedQ = 0;
  let usedC = 0;
  let matched = 0;
  let pairedQ = 0;
  let pairedC = 0;
  for (const k of order) {
    const i = pairs[k * 3 + 1] as number;
    const j = pairs[k * 3 + 2] as number;
    // Names have few tokens; past 30 the extra ones are ignored rather than overflow the bit masks.
    if (i > 30 || j > 30 || usedQ & (1 << i) || usedC & (1 << j)) continue;
    usedQ |= 1 << i;
    usedC |= 1 << j;
    const sim = pairs[k * 3] as number;
    pairedQ += qWeights[i] as number;
    pairedC += cWeights[cStart + j] as number;
    matched += sim * ((qWeights[i] as number) + (cWeights[cStart + j] as number));
  }
  // Paired words count with their (rarity) weight, unpaired ones with their full base weight: a
  // shared common word is weak evidence for, a missing word is full evidence against. Unpaired
  // words on both sides are a conflict (Sujin X Y vs Carlos X Y: another person), not an omission
  // (Manuel Noriega vs Manuel Antonio Noriega): the smaller unpaired side counts again.
  let unpairedQ = 0;
  let unpairedC = 0;
  for (let i = 0; i < nq; i++) if (i > 30 || !(usedQ & (1 << i))) unpairedQ += qBase[i] as number;
  for (let j = 0; j < nc; j++) if (j > 30 || !(usedC & (1 << j))) unpairedC += cBase[cStart + j] as number;
  const conflict = Math.min(unpairedQ, unpairedC);
  const denominator = pairedQ + pairedC + unpairedQ + unpairedC + CONFLICT_WEIGHT * conflict;
  return denominator > 0 ? matched / denominator : 0;
}

/** Name similarity of two raw names (used by tests and tools; the index uses cached token sims). */
export function nameSimilarity(a: string | PreparedName, b: string | PreparedName): number {
  const pa = typeof a === "string" ? prepareName(a) : a;
  const pb = typeof b === "string" ? prepareName(b) : b;
  return assignAndScore(pa.weights, pb.weights, pa.totalWeight, pb.totalWeight, (i, j) =>
    tokenSimilarity(pa.tokens[i] as string, pb.tokens[j] as string),
  );
}

/** A date of birth only boosts a name that already resembles the listed one. */
export const DOB_BOOST_MIN_NAME_SCORE = 0.6;

/** Share of the remaining distance to 1 that agreeing dates of birth close. */
const DOB_BOOST: Partial<Record<DobComparison, number>> = {
  exact: 0.6,
  day_month_swapped: 0.3,
  month: 0.4,
  year: 0.25,
};

/** Multipliers for disagreeing dates: a full conflict takes an exact name (1.0) down to 0.6, clear. */
const DOB_PENALTY: Partial<Record<DobComparison, number>> = {
  partial_conflict: 0.8,
  conflict: 0.6,
};

/** The largest value applyDob can turn `score` into (used to prune candidates safely). */
export function maxDobBoost(score: number): number {
  return score >= DOB_BOOST_MIN_NAME_SCORE ? score + (1 - score) * (DOB_BOOST.exact as number) : score;
}

/** Narrows a name score with the date-of-birth comparison. */
export function applyDob(score: number, cmp: DobComparison): number {
  const penalty = DOB_PENALTY[cmp];
  if (penalty !== undefined) return score * penalty;
  const boost = DOB_BOOST[cmp];
  if (boost !== undefined && score >= DOB_BOOST_MIN_NAME_SCORE) return score + (1 - score) * boost;
  return score;
}
