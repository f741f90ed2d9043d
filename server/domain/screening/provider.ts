import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Env } from "../../config/env";
import { bundledSources, WatchlistService, type WatchlistSources } from "../watchlist";

const bundledDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../data/watchlists");

const list = (value?: string) =>
  value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** The configured list files: the shipped official data, plus the EU, PEP and adverse-media files an operator adds. */
export function configuredSources(config: Env): WatchlistSources {
  const base = bundledSources(config.ARGUS_WATCHLIST_DIR ? path.resolve(config.ARGUS_WATCHLIST_DIR) : bundledDir);
  return {
    ...base,
    eu: config.ARGUS_EU_SANCTIONS_FILE,
    pep: [...(base.pep ?? []), ...list(config.ARGUS_EXTRA_PEP_FILES)],
    adverseMedia: list(config.ARGUS_ADVERSE_MEDIA_FILES),
  };
}

/**
 * The process's watchlist index, loaded once on first use (about a second for the shipped lists)
 * and reloadable without a gap. The API starts loading it at boot; tests that never screen never pay.
 */
export class WatchlistProvider {
  readonly service: WatchlistService;
  private loading: Promise<WatchlistService> | undefined;

  constructor(sources: WatchlistSources) {
    this.service = new WatchlistService({ sources });
  }

  get(): Promise<WatchlistService> {
    this.loading ??= this.service.reload().then(
      () => this.service,
      (err) => {
        this.loading = undefined; // a later call retries
        throw err;
      },
    );
    return this.loading;
  }
}
