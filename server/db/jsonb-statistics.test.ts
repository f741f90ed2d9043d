import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../test/database";
import { rows, type Database } from "./client";

// Migration 0016: JSON document columns are left out of ANALYZE (no plan depends on them, and
// they were most of an ANALYZE's cost); 0017 made the stored idempotent responses json, keeping
// that; 0030 did the same for the JSON columns added since (histories, snapshots, approvals,
// backtests). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

describe("statistics of JSON columns", () => {
  it("every JSON column of a data table has statistics target 0; the small settings tables keep theirs", async () => {
    const columns = await rows<{ col: string; target: number | null }>(
      database.db,
      sql`select c.relname || '.' || a.attname as col, a.attstattarget::int as target
            from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
             and a.atttypid in ('jsonb'::regtype, 'json'::regtype)
           order by 1`,
    );
    const excluded = columns
      .filter((c) => c.target === 0)
      .map((c) => c.col)
      .sort();
    expect(excluded).toEqual([
      "alert_events.details",
      "alerts.evidence",
      "approvals.request",
      "backtests.draft",
      "backtests.tallies",
      "case_events.details",
      "case_events.snapshot",
      "decisions.snapshot",
      "events.payload",
      "idempotency_keys.response_body",
      "identity_verifications.checks",
      "identity_verifications.subject",
      "jobs.payload",
      "payment_verifications.checks",
      "screenings.matches",
      "screenings.suppressed_matches",
      "transactions.explanation",
      "transactions.metadata",
      "transactions.signals",
      "webhook_events.data",
    ]);
    expect(
      columns
        .filter((c) => c.target !== 0)
        .map((c) => c.col)
        .sort(),
    ).toEqual([
      "accounts.settings",
      "assignment_policies.rules",
      "detection_settings.overrides",
      "risk_models.counts",
      "risk_policies.rules",
      "saved_views.filters",
      "sla_policies.alert_due_seconds",
      "sla_policies.case_due_seconds",
    ]);
  });

  it("an ANALYZE of the event log takes statistics of every other column and none of the payload", async () => {
    await database.db.execute(sql`insert into accounts (id, name) values ('acct_stats', 'Stats')`);
    await database.db.execute(
      sql`insert into events (id, account_id, environment, event_type, user_id, payload)
          select 'evt_stats_' || g, 'acct_stats', 'live', 'transaction.scored', 'user_' || (g % 7), jsonb_build_object('risk_score', g)
            from generate_series(1, 200) g`,
    );
    await database.db.execute(sql`analyze events`);
    const analyzed = await rows<{ attname: string }>(
      database.db,
      sql`select attname from pg_stats where schemaname = current_schema() and tablename = 'events' order by 1`,
    );
    expect(analyzed.map((r) => r.attname).sort()).toEqual([
      "account_id",
      "created_at",
      "environment",
      "event_type",
      "id",
      "transaction_id",
      "user_id",
    ]);
  });
});
