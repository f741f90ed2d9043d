import { nameKey, normalizeTokens, skeleton, tokenWeight, withoutParentheses } from "./normalize";
import { WEAK_ALIAS_FACTOR, assignAndScore, tokenSimilarity } from "./score";
import type { EntityType, ListName, MatchStrength, WatchlistEntity } from "./types";

// The in-memory index. Every name (primary and aliases) is tokenised once; the distinct tokens form
// a vocabulary. A query token is compared (Jaro-Winkler) only with vocabulary tokens found through
// blocking keys, never with the whole list:
//   - the token itself and its one-character deletions (finds every token one substitution,
//     insertion, deletion or transposition away: the SymSpell idea);
//   - its phonetic skeleton (finds transliteration variants such as Husayn/Hussein).
// Names containing a similar token are then scored with an upper bound first; only names whose
// bound can reach the floor get the full best-pair assignment.

export type IndexedName = {
  entity: number;
  text: string;
  strength: MatchStrength;
  /** 1 for primary names and strong aliases, WEAK_ALIAS_FACTOR for weak ones. */
  factor: number;
  /** The name's tokens are nameTokens[start, start + length) (weights likewise in nameWeights). */
  start: number;
  length: number;
  totalWeight: number;
};

export type NameHit = { entity: number; name: number; score: number };

export type SearchOptions = {
  /** Lowest name score (after the alias factor) worth returning. */
  floor: number;
  lists?: ReadonlySet<ListName>;
  entityType?: EntityType;
};

/** Tokens shorter than this get no deletion keys: one edit in a 3-letter token is another name. */
const MIN_DELETE_LENGTH = 4;
const SIM_CACHE_SIZE = 20_000;
/** Entities indexed between two yields to the event loop in `ScreeningIndex.build`. */
const BUILD_CHUNK = 1_000;

type SimilarTokens = { ids: Int32Array; sims: Float64Array; byId: Map<number, number> };

function deletions(token: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < token.length; i++) out.push(token.slice(0, i) + token.slice(i + 1));
  return out;
}

/** Map values are a single id (the common case) or an array, to keep the index small. */
function addKey(map: Map<string, number | number[]>, key: string, id: number): void {
  const cur = map.get(key);
  if (cur === undefined) map.set(key, id);
  else if (typeof cur === "number") {
    if (cur !== id) map.set(key, [cur, id]);
  } else if (cur[cur.length - 1] !== id) cur.push(id);
}

function forKey(map: Map<string, number | number[]>, key: string, fn: (id: number) => void): void {
  const cur = map.get(key);
  if (cur === undefined) return;
  if (typeof cur === "number") fn(cur);
  else for (const id of cur) fn(id);
}

export class ScreeningIndex {
  readonly entities: readonly WatchlistEntity[];
  readonly names: IndexedName[] = [];
  readonly tokens: string[] = [];
  /** Token ids and weights of all names, end to end: two arrays instead of two per name. */
  private nameTokens = new Int32Array(0);
  private nameWeights = new Float32Array(0);
  private readonly vocab = new Map<string, number>();
  /** Names containing token t: postingData[postingStart[t], postingStart[t + 1]) (CSR layout). */
  private postingStart = new Int32Array(1);
  private postingData = new Int32Array(0);
  private readonly editKeys = new Map<string, number | number[]>();
  private readonly skeletonKeys = new Map<string, number | number[]>();
  private readonly simCache = new Map<string, SimilarTokens>();
  // Scratch arrays sized to the name count, reused by every search (one search at a time: JS).
  private bestForToken!: Float64Array;
  private tokenMark!: Int32Array;
  private sumQ!: Float64Array;
  private sumC!: Float64Array;
  private queryMark!: Int32Array;
  private epoch = 0;

  /**
   * Builds the whole index synchronously (tests, tools). Services use `ScreeningIndex.build`, which
   * passes `deferBuild` and runs the same steps with yields in between.
   */
  constructor(entities: readonly WatchlistEntity[], opts: { deferBuild?: boolean } = {}) {
    this.entities = entities;
    if (opts.deferBuild) return;
    for (const _step of this.buildSteps()) {
      // Synchronous construction runs every chunk back to back.
    }
  }

  /**
   * Builds the index in chunks, yielding to the event loop between them, so a reload in a live
   * server does not stall requests for the whole build.
   */
  static async build(entities: readonly WatchlistEntity[]): Promise<ScreeningIndex> {
    const index = new ScreeningIndex(entities, { deferBuild: true });
    for (const _step of index.buildSteps()) await new Promise<void>((resolve) => setImmediate(resolve));
    return index;
  }

  private *buildSteps(): Generator<void> {
    const postingLists: number[][] = [];
    const tokenBuf: number[] = [];
    const weightBuf: number[] = [];
    for (let i = 0; i < this.entities.length; i++) {
      this.addEntity(this.entities[i] as WatchlistEntity, i, postingLists, tokenBuf, weightBuf);
      if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield;
    }
    this.nameTokens = Int32Array.from(tokenBuf);
    this.nameWeights = Float32Array.from(weightBuf);
    this.postingStart = new Int32Array(postingLists.length + 1);
    postingLists.forEach((p, t) => {
      this.postingStart[t + 1] = (this.postingStart[t] as number) + p.length;
    });
    this.postingData = Int32Array.from(postingLists.flat());
    yield;
    this.buildKeys();
    this.allocScratch();
  }

  private tokenId(token: string, postingLists: number[][]): number {
    let id = this.vocab.get(token);
    if (id === undefined) {
      id = this.tokens.length;
      this.vocab.set(token, id);
      this.tokens.push(token);
      postingLists.push([]);
    }
    return id;
  }

  private addEntity(e: WatchlistEntity, entityIdx: number, postingLists: number[][], tokenBuf: number[], weightBuf: number[]): void {
    const variants: { text: string; strength: MatchStrength; factor: number }[] = [];
    const push = (text: string, strength: MatchStrength, factor: number) => {
      variants.push({ text, strength, factor });
      // "SANTOS, Ahmad (Ahmed)": the name is also indexed without its parenthesised part.
      const bare = withoutParentheses(text);
      if (bare && bare !== text) variants.push({ text: bare, strength, factor });
    };
    push(e.primaryName, "primary", 1);
    for (const a of e.aliases) push(a.name, a.strength, a.strength === "weak" ? WEAK_ALIAS_FACTOR : 1);
    const seen = new Set<string>();
    for (const v of variants) {
      const toks = normalizeTokens(v.text);
      if (toks.length === 0) continue;
      const key = nameKey(toks);
      // The first (strongest) spelling of a token set wins: primary, then strong, then weak.
      if (seen.has(key)) continue;
      seen.add(key);
      const nameIdx = this.names.length;
      const ids = toks.map((t) => this.tokenId(t, postingLists));
      const weights = toks.map(tokenWeight);
      this.names.push({
        entity: entityIdx,
        text: v.text,
        strength: v.strength,
        factor: v.factor,
        start: tokenBuf.length,
        length: ids.length,
        totalWeight: weights.reduce((s, w) => s + w, 0),
      });
      tokenBuf.push(...ids);
      weightBuf.push(...weights);
      for (const id of new Set(ids)) (postingLists[id] as number[]).push(nameIdx);
    }
  }

  private buildKeys(): void {
    this.tokens.forEach((t, id) => {
      addKey(this.editKeys, t, id);
      if (t.length >= MIN_DELETE_LENGTH) for (const d of deletions(t)) addKey(this.editKeys, d, id);
      // Short skeletons ("mr": Maria, Mario, Moore, Meyer) say nothing; scoring ignores them too.
      const sk = skeleton(t);
      if (sk.length >= 3) addKey(this.skeletonKeys, sk, id);
    });
  }

  private allocScratch(): void {
    const n = this.names.length;
    this.bestForToken = new Float64Array(n);
    this.tokenMark = new Int32Array(n);
    this.sumQ = new Float64Array(n);
    this.sumC = new Float64Array(n);
    this.queryMark = new Int32Array(n);
  }

  /** Vocabulary tokens similar to a query token, with their similarity (cached: names repeat). */
  similarTokens(q: string): SimilarTokens {
    const cached = this.simCache.get(q);
    if (cached) return cached;
    const candidates = new Set<number>();
    const add = (id: number) => candidates.add(id);
    const exact = this.vocab.get(q);
    if (exact !== undefined) candidates.add(exact);
    if (q.length >= 3) {
      forKey(this.editKeys, q, add);
      if (q.length >= MIN_DELETE_LENGTH) for (const d of deletions(q)) forKey(this.editKeys, d, add);
      const sk = skeleton(q);
      if (sk.length >= 3) forKey(this.skeletonKeys, sk, add);
    }
    const ids: number[] = [];
    const sims: number[] = [];
    const byId = new Map<number, number>();
    for (const id of candidates) {
      const s = tokenSimilarity(q, this.tokens[id] as string);
      if (s <= 0) continue;
      ids.push(id);
      sims.push(s);
      byId.set(id, s);
    }
    const result = { ids: Int32Array.from(ids), sims: Float64Array.from(sims), byId };
    if (this.simCache.size >= SIM_CACHE_SIZE) {
      const oldest = this.simCache.keys().next().value;
      if (oldest !== undefined) this.simCache.delete(oldest);
    }
    this.simCache.set(q, result);
    return result;
  }

  /**
   * Best name score per entity for the query tokens, for entities whose best name reaches `floor`.
   * Scores include the alias-strength factor but not the date of birth (the caller applies it).
   */
  search(queryTokens: readonly string[], opts: SearchOptions): NameHit[] {
    const q = queryTokens.slice(0, 30);
    if (q.length === 0 || this.names.length === 0) return [];
    const qWeights = q.map(tokenWeight);
    const qTotal = qWeights.reduce((s, w) => s + w, 0);
    const similar = q.map((t) => this.similarTokens(t));
    const touched: number[] = [];
    const queryEpoch = ++this.epoch;
    for (let i = 0; i < q.length; i++) {
      const tokenEpoch = ++this.epoch;
      const local: number[] = [];
      const { ids, sims } = similar[i] as SimilarTokens;
      for (let k = 0; k < ids.length; k++) {
        const t = ids[k] as number;
        const end = this.postingStart[t + 1] as number;
        const s = sims[k] as number;
        for (let p = this.postingStart[t] as number; p < end; p++) {
          const n = this.postingData[p] as number;
          if (this.tokenMark[n] !== tokenEpoch) {
            this.tokenMark[n] = tokenEpoch;
            this.bestForToken[n] = s;
            local.push(n);
          } else if (s > (this.bestForToken[n] as number)) this.bestForToken[n] = s;
        }
      }
      for (const n of local) {
        if (this.queryMark[n] !== queryEpoch) {
          this.queryMark[n] = queryEpoch;
          this.sumQ[n] = 0;
          this.sumC[n] = 0;
          touched.push(n);
        }
        const b = this.bestForToken[n] as number;
        this.sumQ[n] = (this.sumQ[n] as number) + b * (qWeights[i] as number);
        this.sumC[n] = (this.sumC[n] as number) + b;
      }
    }
    const best = new Map<number, NameHit>();
    for (const n of touched) {
      const name = this.names[n] as IndexedName;
      // Upper bound of the Dice score: every query token paired with its best partner, each
      // partner weighing at most 1 and at most the candidate's total weight.
      const bound = (((this.sumQ[n] as number) + Math.min(this.sumC[n] as number, name.totalWeight)) / (qTotal + name.totalWeight)) * name.factor;
      if (bound < opts.floor) continue;
      const entity = this.entities[name.entity] as WatchlistEntity;
      if (opts.lists && !opts.lists.has(entity.list)) continue;
      if (opts.entityType && entity.type !== opts.entityType) continue;
      const prev = best.get(name.entity);
      if (prev && prev.score >= bound) continue;
      const tokens = this.nameTokens;
      const start = name.start;
      const score =
        assignAndScore(
          qWeights,
          this.nameWeights,
          qTotal,
          name.totalWeight,
          (i, j) => (similar[i] as SimilarTokens).byId.get(tokens[start + j] as number) ?? 0,
          start,
          name.length,
        ) * name.factor;
      if (score < opts.floor) continue;
      if (!prev || score > prev.score) best.set(name.entity, { entity: name.entity, name: n, score });
    }
    return [...best.values()];
  }

  /** A rough byte count of the index structures (the bench measures the real heap delta). */
  estimateBytes(): number {
    let bytes = 0;
    for (const n of this.names) bytes += 100 + n.text.length * 2;
    bytes += this.nameTokens.byteLength + this.nameWeights.byteLength;
    for (const t of this.tokens) bytes += 60 + t.length * 2;
    bytes += this.postingStart.byteLength + this.postingData.byteLength;
    bytes += (this.editKeys.size + this.skeletonKeys.size) * 70;
    bytes += this.names.length * (8 * 3 + 4 * 2);
    return bytes;
  }
}
