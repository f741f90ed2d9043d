// Public surface of the watchlist screening engine (a pure library: no HTTP, no database).

export { classify, MATCH_THRESHOLD, POSSIBLE_MATCH_THRESHOLD, WEAK_ALIAS_FACTOR, type Classification } from "./score";
export { screen } from "./screen";
export { ScreeningIndex } from "./screening-index";
export { WatchlistService, WatchlistNotReadyError, type WatchlistServiceOptions, type WatchlistStats } from "./service";
export { bundledSources, loadSources, type SourceVersion, type WatchlistSources } from "./loaders";
export { parseOfac, type OfacInput } from "./parsers/ofac";
export { parseUnConsolidated } from "./parsers/un";
export { parseEuCsv } from "./parsers/eu";
export { parsePepCsv, parseAdverseMediaCsv } from "./parsers/import-csv";
export { nameKey, normalizeTokens } from "./normalize";
export { parseQueryDate } from "./dates";
export * from "./types";
