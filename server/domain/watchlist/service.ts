import { loadSources, type SourceVersion, type WatchlistSources } from "./loaders";
import { screen } from "./screen";
import { ScreeningIndex } from "./screening-index";
import { LIST_NAMES, type ListName, type ScreenQuery, type ScreenResult } from "./types";

// The long-lived owner of the index: loads the configured sources, answers screenings, and swaps
// in a freshly built index on reload without ever leaving screenings without one.

export type WatchlistServiceOptions = { sources: WatchlistSources };

export type ListStats = { entities: number; individuals: number; organizations: number };

export type WatchlistStats = {
  ready: boolean;
  loaded_at: string | null;
  load_ms: number | null;
  entities: number;
  names_indexed: number;
  tokens_indexed: number;
  lists: Partial<Record<ListName, ListStats>>;
  /** Rough size of entities plus index structures (the bench measures the real heap delta). */
  memory_estimate_bytes: number;
  sources: SourceVersion[];
  reloading: boolean;
};

type Snapshot = {
  index: ScreeningIndex;
  loadedAt: Date;
  loadMs: number;
  sources: SourceVersion[];
  memoryEstimate: number;
  lists: Partial<Record<ListName, ListStats>>;
};

export class WatchlistNotReadyError extends Error {
  constructor() {
    super("watchlists are not loaded yet");
    this.name = "WatchlistNotReadyError";
  }
}

function listStats(index: ScreeningIndex): Partial<Record<ListName, ListStats>> {
  const out: Partial<Record<ListName, ListStats>> = {};
  for (const e of index.entities) {
    const s = (out[e.list] ??= { entities: 0, individuals: 0, organizations: 0 });
    s.entities++;
    if (e.type === "individual") s.individuals++;
    else s.organizations++;
  }
  // Stable key order (the LIST_NAMES order) makes the stats easy to diff between reloads.
  return Object.fromEntries(LIST_NAMES.filter((l) => out[l]).map((l) => [l, out[l]]));
}

function entityBytes(index: ScreeningIndex): number {
  let chars = 0;
  for (const e of index.entities) {
    chars += e.id.length + e.primaryName.length + e.remarks.length + 200;
    for (const a of e.aliases) chars += a.name.length + 40;
    for (const v of Object.values(e.details)) chars += v.length + 20;
  }
  return chars * 2;
}

export class WatchlistService {
  private readonly options: WatchlistServiceOptions;
  private snapshot: Snapshot | null = null;
  private inFlight: Promise<WatchlistStats> | null = null;

  constructor(options: WatchlistServiceOptions) {
    this.options = options;
  }

  /** Creates the service and loads every configured source. */
  static async create(options: WatchlistServiceOptions): Promise<WatchlistService> {
    const service = new WatchlistService(options);
    await service.reload();
    return service;
  }

  get ready(): boolean {
    return this.snapshot !== null;
  }

  /**
   * Reads and parses every source and builds a new index while the current one keeps serving,
   * then swaps it in with one assignment: a screening sees either the old index or the new one,
   * never a half-built one. Concurrent calls share one reload. On failure the old index stays.
   */
  reload(): Promise<WatchlistStats> {
    if (this.inFlight) return this.inFlight;
    const run = async () => {
      const started = performance.now();
      const { entities, sources } = await loadSources(this.options.sources);
      const index = await ScreeningIndex.build(entities);
      this.snapshot = {
        index,
        loadedAt: new Date(),
        loadMs: Math.round(performance.now() - started),
        sources,
        memoryEstimate: index.estimateBytes() + entityBytes(index),
        lists: listStats(index),
      };
    };
    this.inFlight = run()
      .finally(() => {
        this.inFlight = null;
      })
      .then(() => this.stats());
    return this.inFlight;
  }

  screen(query: ScreenQuery): ScreenResult[] {
    const snap = this.snapshot;
    if (!snap) throw new WatchlistNotReadyError();
    return screen(snap.index, query);
  }

  /** The index currently serving (for tools and the bench); null before the first load. */
  currentIndex(): ScreeningIndex | null {
    return this.snapshot?.index ?? null;
  }

  stats(): WatchlistStats {
    const snap = this.snapshot;
    return {
      ready: snap !== null,
      loaded_at: snap ? snap.loadedAt.toISOString() : null,
      load_ms: snap?.loadMs ?? null,
      entities: snap?.index.entities.length ?? 0,
      names_indexed: snap?.index.names.length ?? 0,
      tokens_indexed: snap?.index.tokens.length ?? 0,
      lists: snap?.lists ?? {},
      memory_estimate_bytes: snap?.memoryEstimate ?? 0,
      sources: snap?.sources ?? [],
      reloading: this.inFlight !== null,
    };
  }
}
