import { listedNameForms, type NameForm, type QueryForm } from "./name-forms";
import { nameKey, skeleton, tokenWeight, withoutParentheses } from "./normalize";
import { WEAK_ALIAS_FACTOR, assignAndScore, tokenSimilarity } from "./score";
import type { EntityType, ListName, MatchStrength, WatchlistEntity } from "./types";

// The in-memory index. Every name (primary and aliases) is tokenised once; the distinct tokens form
// a vocabulary. A query token is compared (Jaro-Winkler) only with vocabulary tokens found through
// blocking keys, never with the whole list:
//   - the token itself and its one-character deletions (finds every token one substitution,
//     insertion, deletion or transposition away: the SymSpell idea);
//   - its phonetic skeleton (finds transliteration variants such as Husayn/Hussein).
// Names containing a similar token are then scored with an upper bound first; only names whose
// bound can reach the floor get the full best-pair assignment. Each listed name is indexed in its
// forms (name-forms.ts), and tokens weigh by their rarity across the loaded lists.

export type IndexedName = {
  entity: number;
  text: string;
  form: NameForm;
  strength: MatchStrength;
  /** 1 for primary names and strong aliases, WEAK_ALIAS_FACTOR for weak ones. */
  factor: number;
  /** The name's tokens are nameTokens[start, start + length) (weights likewise in nameWeights). */
  start: number;
  length: number;
  totalWeight: number;
};

export type NameHit = { entity: number; name: number; score: number; queryForm: NameForm };

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
/**
 * Token weights by rarity (IDF): a token on at most RARE_ENTITIES entities weighs fully; a more
 * common one weighs log(N/df) / log(N/RARE_ENTITIES) of that, never below MIN_IDF_FACTOR. A shared
 * MOHAMMED says less than a shared KHAIWANI. The constants below were tuned on evaluation.ts (the
 * figures are in README.md, "Measured quality and performance").
 */
const RARE_ENTITIES = 3;
const MIN_IDF_FACTOR = 0.35;
/**
 * A listed word the query lacks counts at least this share of its full weight, however common: a
 * missing middle name is an omission, but "Sana Rahman" is not the vessel SANA.
 */
const LISTED_UNPAIRED_MIN = 0.7;
/**
 * A query word that is itself a listed word, compared with another listed word: a different name
 * (Khalid/Khalil, Mary/Mark), or, when the two share a phonetic skeleton, another spelling.
 */
const OTHER_WORD_FACTOR = 0.7;
const OTHER_SPELLING_FACTOR = 0.85;

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
  private nameBase = new Float32Array(0);
  /** Per vocabulary token: the number of entities with it in any name, and its weight. */
  private entityCount: number[] = [];
  private tokenWeights = new Float32Array(0);
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
    for (let i = 0; i < this.entities.length; i++) {
      this.addEntity(this.entities[i] as WatchlistEntity, i, postingLists, tokenBuf);
      if (i % BUILD_CHUNK === BUILD_CHUNK - 1) yield;
    }
    this.nameTokens = Int32Array.from(tokenBuf);
    this.computeWeights();
    yield;
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

  private addEntity(e: WatchlistEntity, entityIdx: number, postingLists: number[][], tokenBuf: number[]): void {
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
    const entityTokens = new Set<number>();
    for (const v of variants) {
      for (const { form, tokens: toks } of listedNameForms(v.text)) {
        if (toks.length === 0) continue;
        const key = nameKey(toks);
        // The first (strongest) spelling of a token set wins: primary, then strong, then weak.
        if (seen.has(key)) continue;
        seen.add(key);
        const nameIdx = this.names.length;
        const ids = toks.map((t) => this.tokenId(t, postingLists));
        this.names.push({
          entity: entityIdx,
          text: v.text,
          form,
          strength: v.strength,
          factor: v.factor,
          start: tokenBuf.length,
          length: ids.length,
          totalWeight: 0,
        });
        tokenBuf.push(...ids);
        for (const id of new Set(ids)) {
          (postingLists[id] as number[]).push(nameIdx);
          entityTokens.add(id);
        }
      }
    }
    for (const id of entityTokens) this.entityCount[id] = (this.entityCount[id] ?? 0) + 1;
  }

  /** Weights once every entity is in: the rarity of a token is only known at the end. */
  private computeWeights(): void {
    const n = Math.max(this.entities.length, RARE_ENTITIES + 1);
    const full = Math.log(n / RARE_ENTITIES);
    this.tokenWeights = Float32Array.from(this.tokens, (t, id) => {
      const df = this.entityCount[id] ?? 1;
      const idf = df <= RARE_ENTITIES ? 1 : Math.max(MIN_IDF_FACTOR, Math.log(n / df) / full);
      return tokenWeight(t) * idf;
    });
    this.nameWeights = Float32Array.from(this.nameTokens, (id) => this.tokenWeights[id] as number);
    this.nameBase = Float32Array.from(this.nameTokens, (id) =>
      Math.max(this.tokenWeights[id] as number, LISTED_UNPAIRED_MIN * tokenWeight(this.tokens[id] as string)),
    );
    for (const name of this.names) {
      let total = 0;
      for (let k = name.start; k < name.start + name.length; k++) total += this.nameWeights[k] as number;
      name.totalWeight = total;
    }
  }

  /**
   * A query token weighs what the listed token it resembles most weighs (its own rarity is that
   * of its spelling in the lists); a token found nowhere in the lists weighs fully.
   */
  private queryWeight(token: string, similar: SimilarTokens): number {
    const base = tokenWeight(token);
    const exact = this.vocab.get(token);
    if (exact !== undefined) return this.tokenWeights[exact] as number;
    let best = -1;
    let bestSim = 0;
    for (let k = 0; k < similar.ids.length; k++) {
      if ((similar.sims[k] as number) > bestSim) {
        bestSim = similar.sims[k] as number;
        best = similar.ids[k] as number;
      }
    }
    // Never above the token's own base weight: the score's bound relies on it.
    return best >= 0 ? Math.min(base, Math.max(this.tokenWeights[best] as number, base * MIN_IDF_FACTOR)) : base;
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
    // A query word that is itself a listed word, paired with another listed word, names someone
    // else (Khalid/Khalil, Mary/Mark) unless the two are spellings of one name (same skeleton);
    // a typo is rarely a listed word.
    const qSkeleton = exact !== undefined ? skeleton(q) : "";
    for (const id of candidates) {
      const t = this.tokens[id] as string;
      let s = tokenSimilarity(q, t);
      if (s <= 0) continue;
      if (exact !== undefined && id !== exact)
        s *= qSkeleton.length >= 3 && skeleton(t) === qSkeleton ? OTHER_SPELLING_FACTOR : OTHER_WORD_FACTOR;
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
  search(queryTokens: readonly string[] | readonly QueryForm[], opts: SearchOptions): NameHit[] {
    if (queryTokens.length > 0 && typeof queryTokens[0] === "string") return this.searchForm(queryTokens as string[], "written", opts);
    const best = new Map<number, NameHit>();
    for (const f of queryTokens as QueryForm[]) {
      for (const hit of this.searchForm(f.tokens, f.form, opts)) {
        const prev = best.get(hit.entity);
        if (!prev || hit.score > prev.score) best.set(hit.entity, hit);
      }
    }
    return [...best.values()];
  }

  private searchForm(queryTokens: readonly string[], queryForm: NameForm, opts: SearchOptions): NameHit[] {
    const q = queryTokens.slice(0, 30);
    if (q.length === 0 || this.names.length === 0) return [];
    const similar = q.map((t) => this.similarTokens(t));
    const qWeights = q.map((t, i) => this.queryWeight(t, similar[i] as SimilarTokens));
    const qTotal = qWeights.reduce((s, w) => s + w, 0);
    const qBase = q.map(tokenWeight);
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
      const bound =
        (((this.sumQ[n] as number) + Math.min(this.sumC[n] as number, name.totalWeight)) / (qTotal + name.totalWeight)) * name.factor;
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
          qBase,
          this.nameBase,
        ) * name.factor;
      if (score < opts.floor) continue;
      if (!prev || score > prev.score) best.set(name.entity, { entity: name.entity, name: n, score, queryForm });
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
