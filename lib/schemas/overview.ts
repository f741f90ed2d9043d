import { z } from "zod";

// GET /api/v1/overview and /api/v1/overview/workload (Surface B dashboard routes). Shared by the
// server-only client (validation) and the overview's client charts (types, chart shaping).

const count = z.number().int().min(0);

export const ScoresDaySchema = z.object({ date: z.string(), allow: count, challenge: count, block: count });
export type ScoresDay = z.infer<typeof ScoresDaySchema>;

export const AlertTypeCountsSchema = z.object({ alert_type: z.string(), total: count, low: count, medium: count, high: count, critical: count });
export type AlertTypeCounts = z.infer<typeof AlertTypeCountsSchema>;

export const OverviewSchema = z.object({
  object: z.literal("overview"),
  environment: z.enum(["live", "test"]),
  generated_at: z.string(),
  scores_by_day: z.array(ScoresDaySchema),
  open_alerts: z.object({ total: count, by_type: z.array(AlertTypeCountsSchema) }),
  acknowledged_alerts: count,
  cases_by_status: z.object({ open: count, in_review: count, resolved: count, closed: count }),
  pending_screenings: count,
  pending_verifications: count,
});
export type Overview = z.infer<typeof OverviewSchema>;

const workloadCounts = { open: count, in_review: count, total: count };

export const WorkloadSchema = z.object({
  object: z.literal("case_workload"),
  environment: z.enum(["live", "test"]),
  data: z.array(z.object({ assignee_id: z.string(), ...workloadCounts })),
  unassigned: z.object(workloadCounts),
});
export type Workload = z.infer<typeof WorkloadSchema>;

/** "2026-11-21" → "21 Nov" (UTC: the API's days are UTC days). */
export function shortDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return d.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/** Totals of the charted window, for the chart's summary line and its empty state. */
export function scoreTotals(days: ScoresDay[]): { allow: number; challenge: number; block: number; total: number } {
  const t = days.reduce((acc, d) => ({ allow: acc.allow + d.allow, challenge: acc.challenge + d.challenge, block: acc.block + d.block }), { allow: 0, challenge: 0, block: 0 });
  return { ...t, total: t.allow + t.challenge + t.block };
}

/** Assignee names for the workload list: the analyst's name when known, else the raw id. */
export function workloadWithNames(workload: Workload, names: Record<string, string>) {
  return workload.data.map((row) => ({ ...row, name: names[row.assignee_id] ?? row.assignee_id }));
}
