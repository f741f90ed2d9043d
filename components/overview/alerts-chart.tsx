"use client";

import { BellRing } from "lucide-react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EmptyState } from "@/components/ui/empty-state";
import { alertSeverities, alertSeverityLabels, alertTypeLabel } from "@/lib/schemas/alert";
import type { Overview } from "@/lib/schemas/overview";
import { ChartCard, ChartFrame } from "./chart-card";
import { axisTick, gridStroke, severityColors, tooltipStyle } from "./chart-theme";

export function AlertsChart({ alerts }: { alerts: Overview["open_alerts"] }) {
  const busy = alerts.by_type.filter((t) => t.total > 0);
  const summary =
    alerts.total === 0
      ? "No open alerts."
      : `${alerts.total.toLocaleString("en")} open alerts: ${busy.map((t) => `${alertTypeLabel(t.alert_type)} ${t.total}`).join(", ")}.`;
  const data = alerts.by_type.map((t) => ({ ...t, label: alertTypeLabel(t.alert_type) }));
  return (
    <ChartCard title="Open alerts" summary={summary} href="/alerts?status=open" linkLabel="Alert queue">
      {alerts.total === 0 ? (
        <EmptyState icon={<BellRing />} title="No open alerts" description="Alerts the detection engine raises appear here by type and severity." />
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
                <Bar key={s} dataKey={s} name={alertSeverityLabels[s]} stackId="severity" fill={severityColors[s]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartFrame>
      )}
    </ChartCard>
  );
}
