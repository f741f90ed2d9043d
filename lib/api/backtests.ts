import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import type { RuleInput, ScoreBandsInput } from "../schemas/policy";
import { dashboard, dashboardStream, type DashboardActor } from "./client";
import { type Backtest } from "./wire";
import { BacktestSchema } from "./wire-schemas";

// Governance reads of the dashboard surface: policy backtests (a job the console polls) and the
// account's audit log (NDJSON, passed on as it streams).

export type BacktestBody = {
  draft: { score_bands: ScoreBandsInput; rules: RuleInput[] };
  start_time: string;
  end_time: string;
};

export async function createBacktest(environment: ConsoleEnvironment, actor: DashboardActor, body: BacktestBody): Promise<Backtest> {
  return dashboard(environment, actor, "/api/v1/policies/backtest", { method: "POST", body, schema: BacktestSchema });
}

export async function getBacktest(environment: ConsoleEnvironment, actor: DashboardActor, id: string): Promise<Backtest> {
  return dashboard(environment, actor, `/api/v1/policies/backtest/${encodeURIComponent(id)}`, { schema: BacktestSchema });
}

/** The audit log of [start, end] (admin); the API refuses a period over a year with 400. */
export async function openAuditLog(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  period: { start_time: string; end_time: string },
  signal?: AbortSignal,
): Promise<Response> {
  return dashboardStream(environment, actor, "/api/v1/audit-log", { query: period, signal });
}
