import cc from "currency-codes";
import type { SeverityLevel } from "../../db/schema";

// Alert severity, computed from signal confidence, affected volume and potential financial
// exposure. Deterministic and explainable: three factors each earn 0–3 points, the
// sum (0–9) maps to a level. Every factor only grows as hits fold into an alert (confidence is the
// highest reported, counts and exposure only accumulate), so folding never lowers severity.

export type SeverityInputs = {
  /** 0–1, the detector's confidence that the pattern is fraud (the highest of the folded hits). */
  confidence: number;
  affectedUsers: number;
  affectedTransactions: number;
  /** Potential loss: sum of the affected transactions' amounts, minor units of `currency`. */
  exposureMinor: number;
  currency: string | null;
};

/** [threshold, points], highest first: the first threshold the value reaches gives the points. */
export const CONFIDENCE_POINTS = [
  [0.9, 3],
  [0.75, 2],
  [0.5, 1],
] as const;
/** Affected volume = max(distinct users, distinct transactions). */
export const VOLUME_POINTS = [
  [50, 3],
  [20, 2],
  [5, 1],
] as const;
/** Exposure in major units of its currency (no FX conversion: see README). */
export const EXPOSURE_POINTS = [
  [50_000, 3],
  [10_000, 2],
  [1_000, 1],
] as const;
/** Total points → level, highest first. */
export const LEVELS: readonly (readonly [number, SeverityLevel])[] = [
  [7, "critical"],
  [5, "high"],
  [3, "medium"],
  [0, "low"],
];

function points(value: number, table: readonly (readonly [number, number])[]): number {
  for (const [threshold, p] of table) if (value >= threshold) return p;
  return 0;
}

/** Minor units → major units using the ISO 4217 exponent (2 when the code is unknown). */
export function toMajorUnits(minor: number, currency: string | null): number {
  const digits = currency ? (cc.code(currency.toUpperCase())?.digits ?? 2) : 2;
  return minor / 10 ** digits;
}

export function severityScore(input: SeverityInputs): { confidence: number; volume: number; exposure: number; total: number } {
  const confidence = points(input.confidence, CONFIDENCE_POINTS);
  const volume = points(Math.max(input.affectedUsers, input.affectedTransactions), VOLUME_POINTS);
  const exposure = points(toMajorUnits(input.exposureMinor, input.currency), EXPOSURE_POINTS);
  return { confidence, volume, exposure, total: confidence + volume + exposure };
}

export function computeSeverity(input: SeverityInputs): SeverityLevel {
  const { total } = severityScore(input);
  for (const [min, level] of LEVELS) if (total >= min) return level;
  return "low";
}
