import type { Env } from "../config/env";
import type { JobQueue } from "../jobs/queue";
import type { WatchlistService } from "./watchlist";

/**
 * The long-lived services the domain uses, built once at boot (server/deps.ts builds them with the
 * rest of the process's dependencies, which satisfy this type).
 */
export type DomainDeps = {
  jobs: JobQueue;
  /** The process's watchlist index, loaded on first use (screening/provider.ts builds it). */
  watchlists: { get(): Promise<WatchlistService> };
  /** Key of the HMACs that index identity data (document numbers, phones, addresses). */
  piiSecret: string;
  config: Pick<Env, "ARGUS_KYC_ASYNC_DELAY_MS" | "ARGUS_WEBHOOK_ALLOW_PRIVATE">;
};
