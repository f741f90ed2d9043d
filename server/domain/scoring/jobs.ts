import { sql } from "drizzle-orm";
import { TRANSACTIONS_ANALYZE_TARGET } from "../../db/analyze";
import type { JobHandler } from "../../jobs/runner";
import { purgeExpiredEvidence } from "../events";

const HOUR = 3_600_000;

/** Periodic jobs of the risk engine. */
export const riskJobs: Record<string, JobHandler> = {
  // Spec 6.1: evidence is kept for the account's retention (7 years by default), then purged.
  "evidence.retention_purge": {
    everyMs: HOUR,
    run: async (_payload, { db, log }) => {
      const removed = await purgeExpiredEvidence(db);
      if (removed.events + removed.decisions > 0) log.info(removed, "expired evidence purged");
    },
  },
  // The embedded database has no autovacuum daemon, so nothing refreshes the planner's
  // statistics: without them the features query's lateral index scans can degrade to sequential
  // scans. ANALYZE the hot tables at start and every 15 minutes (cheap: it samples).
  "scoring.analyze": {
    everyMs: HOUR / 4,
    run: async (_payload, { db }) => {
      await db.execute(
        sql.raw(`analyze ${TRANSACTIONS_ANALYZE_TARGET}, device_sessions, blocklist_entries, events, payment_verifications`),
      );
    },
  },
};
