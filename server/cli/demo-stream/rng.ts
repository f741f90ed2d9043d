// A small seeded PRNG (mulberry32) and the draws the demo needs, so a run is reproducible from
// its seed and run tag.

export type Rng = {
  next: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
  /** Log-normal around `median` (σ in log space), rounded and clamped. */
  amount: (median: number, sigma: number, lo: number, hi: number) => number;
  digits: (n: number) => string;
};

/** FNV-1a of a string: mixes the run tag into the seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)] as (typeof list)[number],
    chance: (p) => next() < p,
    amount: (median, sigma, lo, hi) => {
      // Box–Muller for a standard normal draw.
      const z = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      return Math.min(hi, Math.max(lo, Math.round(median * Math.exp(sigma * z))));
    },
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(""),
  };
}
