// Detector confidence (0–1): a deterministic function of how far past its threshold a pattern is,
// documented in README.md. `ratio` = observed / threshold (≥ 1 when a detector fires); the
// "excess" term grows linearly from 0 at the threshold to 1 at three times the threshold.

const round = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** 0 at the threshold, 1 at 3× the threshold, linear in between. */
export function excess(ratio: number): number {
  return clamp((ratio - 1) / 2, 0, 1);
}

/** Base at the threshold, base + span at 3× (capped at 0.99: a pattern is never proof). */
function scaled(ratio: number, base: number, span: number): number {
  return round(clamp(base + span * excess(ratio), 0, 0.99));
}

/**
 * Card testing: 0.45 + 0.25 × excess(distinct cards / threshold) + 0.3 × share of small attempts.
 * At the threshold with every attempt small: 0.75; with none small: 0.45 (many cards but large
 * amounts is more often a shared network than card testing).
 */
export function cardTestingConfidence(ratio: number, smallShare: number): number {
  return round(clamp(0.45 + 0.25 * excess(ratio) + 0.3 * clamp(smallShare, 0, 1), 0, 0.99));
}

/** Velocity spike: 0.55 at the threshold, 0.95 at 3×. */
export function velocityConfidence(ratio: number): number {
  return scaled(ratio, 0.55, 0.4);
}

/** New device cluster: 0.6 at the threshold, 0.95 at 3×. */
export function deviceClusterConfidence(ratio: number): number {
  return scaled(ratio, 0.6, 0.35);
}

/** Account-takeover pattern: 0.75 at the threshold (each user already matched a strong sequence), 0.95 at 3×. */
export function atoConfidence(ratio: number): number {
  return scaled(ratio, 0.75, 0.2);
}

/**
 * Identity abuse: the base depends on what is shared. A document number belongs to one person
 * (0.8); a phone is sometimes shared (0.65); an address is shared by households and offices (0.5).
 */
export function identityAbuseConfidence(kind: "document" | "phone" | "address", ratio: number): number {
  const base = kind === "document" ? 0.8 : kind === "phone" ? 0.65 : 0.5;
  return scaled(ratio, base, 0.15);
}
