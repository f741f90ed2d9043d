import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "./database";
import { childEnv, startWorkerProcess } from "./api-process";
import { subscribeEndpoint } from "./webhook-endpoints";
import type { StartedChild } from "../tools/lib/children";
import { ensureAccount } from "../domain/accounts/accounts";
import { recordCaseBreaches } from "../domain/cases";
import { recordAlertBreaches } from "../domain/alerts";
import { JobQueue } from "../jobs/queue";
import { alerts, cases } from "../db/schema";
import { newId } from "../core/ids";

// The SLA sweep records each breach once with several runners (server/domain/sla/README.md,
// "Breaches"): two worker processes run the durable sweep while this process runs four more sweeps
// at once against the same PostgreSQL; every past-due item ends with one audit entry and one webhook.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres())("the SLA sweep with several runners on one PostgreSQL", () => {
  let dir: string | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const workers: StartedChild[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "argus-sla-"));
    database = await freshDatabase();
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.process.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("records every breach exactly once", async () => {
    const db = database!.db;
    const account = await ensureAccount(db, "sla-multi");
    const scope = { accountId: account.id, environment: "live" as const };
    await subscribeEndpoint(db, scope, { events: ["case.sla_breached", "alert.sla_breached"] });
    const past = new Date(Date.now() - 5 * 3_600_000); // critical is due in 4 h: past due
    const caseRows = Array.from({ length: 1500 }, (_, i) => ({
      id: newId("case"),
      ...scope,
      title: `late ${i}`,
      caseType: "payment_fraud" as const,
      severity: i % 10 === 0 ? ("low" as const) : ("critical" as const),
      createdAt: past,
    }));
    for (let i = 0; i < caseRows.length; i += 500) await db.insert(cases).values(caseRows.slice(i, i + 500));
    const alertRows = Array.from({ length: 100 }, (_, i) => ({
      id: newId("alrt"),
      ...scope,
      alertType: "card_testing",
      key: `k${i}`,
      severity: "critical" as const,
      confidence: 0.5,
      summary: "late",
      createdAt: past,
    }));
    await db.insert(alerts).values(alertRows);

    const env = childEnv({ DATABASE_URL: database!.url as string, ARGUS_DATA_DIR: dir!, ARGUS_NO_BOOTSTRAP: "1", ARGUS_LOG_LEVEL: "info" });
    workers.push(startWorkerProcess(env), startWorkerProcess(env));
    const queue = new JobQueue();
    const sweep = async () => {
      while ((await recordCaseBreaches(db, queue, 5)) + (await recordAlertBreaches(db, queue, 5)) > 0);
    };
    const pending = async () =>
      (
        await database!.pool!.query<{ n: number }>(
          "select (select count(*)::int from cases where sla_breached_at is null and due_at <= now()) + (select count(*)::int from alerts where sla_breached_at is null and due_at <= now()) as n",
        )
      ).rows[0]!.n;
    // A sweep that finds nothing may have skipped rows a worker holds (SKIP LOCKED): sweep again
    // until none is left, as the next periodic run would.
    do await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    while ((await pending()) > 0);
    // The workers' first sweeps start as they do: wait for both, so none is still to come.
    for (let i = 0; i < 300 && !workers.every((w) => /worker started/.test(w.output())); i++) await sleep(100);
    const { rows: caseCounts } = await database!.pool!.query<{ entries: number; hooks: number; items: number }>(
      `select (select count(*)::int from case_events where action = 'sla_breached') as entries,
              (select count(*)::int from webhook_events where type = 'case.sla_breached') as hooks,
              (select count(distinct case_id)::int from case_events where action = 'sla_breached') as items`,
    );
    const { rows: alertCounts } = await database!.pool!.query<{ entries: number; hooks: number }>(
      `select (select count(*)::int from alert_events where action = 'sla_breached') as entries,
              (select count(*)::int from webhook_events where type = 'alert.sla_breached') as hooks`,
    );
    const late = caseRows.filter((c) => c.severity === "critical").length;
    expect(caseCounts[0]).toEqual({ entries: late, hooks: late, items: late });
    expect(alertCounts[0]).toEqual({ entries: 100, hooks: 100 });
  }, 120_000);
});
