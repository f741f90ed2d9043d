import { createApp } from "../../app";
import { installShiftedClock, realNow, setClockOffset } from "../../core/shifted-clock";
import type { AppDeps } from "../../http/context";
import { jobHandlers } from "../../job-handlers";
import { JobRunner } from "../../jobs/runner";
import { DemoClient, runFlows, type Fetcher } from "../demo-stream/client";
import { createRng } from "../demo-stream/rng";
import { Desk } from "./desk";
import { ConsoleSessions, createTeam, type Member } from "./team";
import { planTraffic, type Step } from "./traffic";

// The first start's demo history (DESIGN.md, "Demo history"): two weeks of pre-production work
// replayed through the engine's own code paths while the process's clock (and the embedded
// database's, server/core/shifted-clock.ts) reads "then", moving forward step by step. At each
// step a slice of the demo traffic goes through the API in this process, the durable jobs due by
// then run (detection, SLA sweep, KYC), and the demo team works the queues. Nothing is inserted.

export const HISTORY_DAYS = 14;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Until the final hours the team works business hours (UTC), every two hours; then every hour. */
const BUSINESS = { from: 8, to: 19 };
const RECENT_HOURS = 8;

export type HistoryOptions = {
  deps: AppDeps;
  accountId: string;
  /** The console's pre-production key (Surface A, as the console sends it). */
  testKey: string;
  admin: Member;
  /** Where it starts: `historyOrigin(...)`, the time the clock was moved to before the bootstrap. */
  origin: number;
  /** Where it ends (default: the real time when it starts). */
  end?: number;
  seed?: number;
  /** Mean ordinary customers per business step (default 7: about 100 scores a day). */
  customersPerStep?: number;
  log?: (line: string) => void;
};

export type HistorySummary = {
  seconds: number;
  steps: number;
  requests: number;
  byStatus: Record<string, number>;
  scores: number;
  jobs: number;
  casesOpened: number;
  casesResolved: number;
  alertsDismissed: number;
  reviews: number;
  approvals: number;
};

/** The start of the history: `days` before `now`, on the hour. */
export function historyOrigin(now: number, days = HISTORY_DAYS): number {
  return Math.floor((now - days * DAY) / HOUR) * HOUR;
}

/**
 * Moves this process's clock (and its embedded database's) to `origin`: called before the first
 * start's bootstrap, so the demo account and its keys exist from the start of their history.
 */
export function startHistoryClock(origin: number): void {
  installShiftedClock();
  setClockOffset(origin - realNow());
}

const moveClockTo = (at: number) => setClockOffset(at - realNow());

/** The steps of the timeline: business hours every two hours, the final hours every hour. */
export function historySteps(origin: number, end: number, rng: { int: (lo: number, hi: number) => number }): Step[] {
  const steps: Step[] = [];
  for (let t = origin + HOUR; t < end - 30 * MINUTE; t += HOUR) {
    const hour = new Date(t).getUTCHours();
    const business = hour >= BUSINESS.from && hour <= BUSINESS.to;
    const recent = t >= end - RECENT_HOURS * HOUR;
    if ((business && hour % 2 === 0) || recent) {
      // A few minutes past the hour, so the day's timestamps are not all on the hour.
      // Days are UTC calendar days (0: the day of the origin), as the console counts them.
      steps.push({ at: t + rng.int(0, 25) * MINUTE, day: Math.floor(t / DAY) - Math.floor(origin / DAY), hour, business });
    }
  }
  return steps;
}

/**
 * Replays the history. The clock must already be at `origin` (startHistoryClock); it is back at
 * real time when this returns or throws.
 */
export async function runHistory(o: HistoryOptions): Promise<HistorySummary> {
  const started = realNow();
  const log = o.log ?? (() => {});
  const { deps } = o;
  const db = deps.database.db;
  const end = o.end ?? started;
  const rng = createRng(o.seed ?? 1414);
  const steps = historySteps(o.origin, end, rng);
  const traffic = planTraffic(rng, steps, { customersPerStep: o.customersPerStep ?? 7, tag: "h" });

  // The pre-production listener's app, called in this process: no socket, no listener open yet.
  const app = createApp(deps, "test");
  const fetcher: Fetcher = async (url, init) => app.request(url, init);
  const base = "http://history.argus.local";
  let scores = 0;
  let desk: Desk | undefined;
  const api = new DemoClient(base, o.testKey, {
    fetch: fetcher,
    onResponse: (method, path, res) => {
      if (method !== "POST" || path !== "/v1/transactions/score" || res.status !== 200) return;
      scores++;
      desk?.noteScore(res.body);
    },
  });
  const runner = new JobRunner(db, deps.jobs, jobHandlers(deps), deps.logger.child({ demo_history: true }));
  const sessions = new ConsoleSessions(db, o.accountId, deps.consoleSecret, base, fetcher);
  let jobs = 0;
  const drain = async () => {
    jobs += await runner.drain();
  };

  try {
    const team = await createTeam(db, o.accountId);
    desk = new Desk(rng, api, sessions, team, end, o.admin, log);
    await runner.queuePeriodic();
    // The admin turns on what the team's work shows: a larger quality sample, four-eyes on big
    // false positives. Both go back to their defaults at the end.
    const admin = await sessions.client(o.admin);
    await admin.put("/api/v1/policies/quality-review", { sample_rate: 0.4 });
    await admin.put("/api/v1/policies/approvals", {
      case_false_positive_min_exposure: 50_000,
      screening_review: false,
      score_policy_publish: false,
    });
    await sessions.signOutAll();
    log(`demo history: ${steps.length} steps over ${HISTORY_DAYS} days …`);

    let day = -1;
    let planned = -1;
    for (const [i, step] of steps.entries()) {
      moveClockTo(step.at);
      if (step.day !== day) {
        await sessions.signOutAll();
        day = step.day;
      }
      await runFlows(api, traffic[i]!, 4);
      // The engine's jobs run a few minutes later (detection folds the step's traffic into alerts).
      moveClockTo(step.at + 3 * MINUTE);
      await drain();
      moveClockTo(step.at + 10 * MINUTE);
      const now = Date.now();
      // Alerts first: a payment an alert holds goes to its case, not to manual review.
      await desk.triage(now);
      if (step.business && planned !== step.day && step.hour >= 10) {
        desk.planManualReview(now, 2);
        planned = step.day;
      }
      await desk.work(now);
      if (step.business && step.hour >= 14) await desk.review(step.day);
      await drain();
    }
    moveClockTo(Math.max(end - 5 * MINUTE, (steps.at(-1)?.at ?? o.origin) + 20 * MINUTE));
    await sessions.signOutAll();
    const closing = await sessions.client(o.admin);
    await closing.put("/api/v1/policies/quality-review", { sample_rate: 0.05 });
    await closing.put("/api/v1/policies/approvals", {
      case_false_positive_min_exposure: null,
      screening_review: false,
      score_policy_publish: false,
    });
    await sessions.signOutAll();
    await drain();
  } finally {
    setClockOffset(0);
  }
  const byStatus = Object.fromEntries([...api.byStatus.entries()].sort((a, b) => a[0] - b[0]));
  return {
    seconds: Math.round((realNow() - started) / 100) / 10,
    steps: steps.length,
    requests: api.requests,
    byStatus,
    scores,
    jobs,
    ...desk!.counts,
  };
}
