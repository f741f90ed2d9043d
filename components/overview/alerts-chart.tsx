"use client";

import { ArrowRight, BellRing } from "lucide-react";
import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EmptyState } from "@/components/ui/empty-state";
import { alertSeverities, type Overview } from "@/lib/api/wire";
import { alertSeverityLabels, alertTypeLabel } from "@/lib/format/alert";
import { ChartCard, ChartFrame } from "./chart-card";
import { axisTick, gridStroke, severityColors, tooltipStyle } from "@/components/ui/chart-theme";

/**
 * Open alerts by type and severity. Acknowledged ones (someone took them up, nobody resolved them
 * yet) are unfinished work too: counted beside the chart with a way to their queue, so a lead does
 * not read "no open alerts" as "nothing left".
 */
export function AlertsChart({ alerts, acknowledged }: { alerts: Overview["open_alerts"]; acknowledged: number }) {
  const busy = alerts.by_type.filter((t) => t.total > 0);
  const waiting = acknowledged > 0 ? ` ${acknowledged.toLocaleString("en")} acknowledged, not yet resolved.` : "";
  const open =
    alerts.total === 0
      ? "No open alerts."
      : `${alerts.total.toLocaleString("en")} open alerts: ${busy.map((t) => `${alertTypeLabel(t.alert_type)} ${t.total}`).join(", ")}.`;
  const summary = open + waiting;
  const data = alerts.by_type.map((t) => ({ ...t, label: alertTypeLabel(t.alert_type) }));
  return (
    <ChartCard title="Open alerts" summary={summary} href="/alerts?status=open" linkLabel="Alert queue">
      {acknowledged > 0 && (
        <Link
          href="/alerts?status=acknowledged"
          className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {acknowledged.toLocaleString("en")} acknowledged {acknowledged === 1 ? "alert" : "alerts"} to resolve
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      )}
      {alerts.total === 0 ? (
        <EmptyState
          icon={<BellRing />}
          title="No open alerts"
          description="Alerts the detection engine raises appear here by type and severity."
        />
      ) : (
        <ChartFrame label={`Stacked bars of open alerts per type by severity. ${summary}`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} layout="vertical" margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid horizontal={false} stroke={gridStroke} />
              <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} />
              <YAxis type="category" dataKey="label" width={130} tick={axisTick} tickLine={false} axisLine={false} />
              <Tooltip {...tooltipStyle} />
              <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
              {alertSeverities.map((s) => (
                <Bar
                  key={s}
                  dataKey={s}
                  name={alertSeverityLabels[s]}
                  stackId="severity"
                  fill={severityColors[s]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartFrame>
      )}
    </ChartCard>
  );
}
