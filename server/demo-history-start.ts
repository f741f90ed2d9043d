import { hasAccounts } from "./admin/commands";
import { ADMIN_EMAIL } from "./bootstrap";
import { setClockOffset } from "./core/shifted-clock";
import { setAccountRateLimit } from "./domain/accounts/accounts";
import type { AppDeps } from "./http/context";
import { historyOrigin, runHistory, startHistoryClock } from "./cli/demo-history/history";

// The first start's demo history, as main.ts runs it (server/cli/demo-history/README.md): decided
// before the bootstrap (only an empty embedded database gets one, and the clock moves back before
// the account is written), replayed after it, before the listeners open.

export type PlannedHistory = { origin: number };

/** On an empty embedded database with history on: moves the clock to the history's start. */
export async function planDemoHistory(deps: AppDeps): Promise<PlannedHistory | undefined> {
  if (!deps.config.ARGUS_DEMO_HISTORY) return undefined;
  if (await hasAccounts(deps.database.db)) return undefined;
  if (deps.database.kind !== "pglite") {
    // A PostgreSQL server's clock (now(), column defaults) cannot be moved from here.
    deps.logger.info("demo history skipped: it needs the embedded database (on PostgreSQL only today's demo traffic is replayed)");
    return undefined;
  }
  const origin = historyOrigin(Date.now());
  startHistoryClock(origin);
  return { origin };
}

/** Replays the history; whatever happens, the clock is real again when this returns. */
export async function runDemoHistory(
  deps: AppDeps,
  planned: PlannedHistory,
  boot: { created: boolean; accountId: string; testKey?: string; adminId?: string } | undefined,
): Promise<void> {
  const log = deps.logger;
  try {
    if (!boot?.created || !boot.testKey || !boot.adminId) return;
    // The console's keys serve the demo's requests too; the first start raises the limit anyway.
    await setAccountRateLimit(deps.database.db, boot.accountId, 100_000);
    const summary = await runHistory({
      deps,
      accountId: boot.accountId,
      testKey: boot.testKey,
      admin: { id: boot.adminId, name: "Admin", role: "admin", email: ADMIN_EMAIL },
      origin: planned.origin,
      log: (line) => log.info(line),
    });
    log.info(summary, "demo history replayed into pre-production");
  } catch (err) {
    log.error({ err }, "demo history failed; the API starts with what was written");
  } finally {
    setClockOffset(0);
  }
}
