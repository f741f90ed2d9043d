// Jaro-Winkler similarity (Winkler 1990): the standard measure for short personal-name tokens.
// Written out here (it is small) so the hot loop allocates nothing: the match flags live in two
// buffers reused across calls, grown only for unusually long tokens.

let flagsA = new Uint8Array(64);
let flagsB = new Uint8Array(64);

/** Jaro similarity in [0, 1]. */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  if (la > flagsA.length || lb > flagsB.length) {
    flagsA = new Uint8Array(Math.max(la, lb) * 2);
    flagsB = new Uint8Array(Math.max(la, lb) * 2);
  }
  flagsA.fill(0, 0, la);
  flagsB.fill(0, 0, lb);
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const ca = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (flagsB[j] === 0 && b.charCodeAt(j) === ca) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue;
    while (flagsB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
}

/**
 * Jaro-Winkler: Jaro plus a bonus for a common prefix (up to 4 characters, scale 0.1), applied only
 * when Jaro is already above 0.7 as Winkler proposed, so unrelated names sharing a first letter are
 * not pulled up.
 */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b);
  if (j <= 0.7) return j;
  const max = Math.min(4, a.length, b.length);
  let prefix = 0;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return j + prefix * 0.1 * (1 - j);
}
