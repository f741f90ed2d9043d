"use client";

import { Briefcase } from "lucide-react";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EmptyState } from "@/components/ui/empty-state";
import { caseStatuses, type Overview } from "@/lib/api/wire";
import { caseStatusLabels } from "@/lib/format/case";
import { ChartCard, ChartFrame } from "./chart-card";
import { axisTick, caseStatusColors, gridStroke, tooltipStyle } from "@/components/ui/chart-theme";

export function CasesChart({ counts, href }: { counts: Overview["cases_by_status"]; href: string }) {
  // Leads and admins go to the case queue; analysts to their cases.
  const linkLabel = href.startsWith("/cases/queue") ? "Case queue" : "Cases";
  const total = caseStatuses.reduce((n, s) => n + counts[s], 0);
  const summary =
    total === 0
      ? "No cases yet."
      : `${total.toLocaleString("en")} cases: ${caseStatuses.map((s) => `${counts[s]} ${caseStatusLabels[s].toLowerCase()}`).join(", ")}.`;
  const data = caseStatuses.map((s) => ({ status: s, label: caseStatusLabels[s], cases: counts[s] }));
  return (
    <ChartCard title="Cases by status" summary={summary} href={href} linkLabel={linkLabel}>
      {total === 0 ? (
        <EmptyState icon={<Briefcase />} title="No cases yet" description="Open a case from an alert; its status shows here." />
      ) : (
        <ChartFrame label={`Bars of cases per status. ${summary}`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke={gridStroke} />
              <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} />
              <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
              <Tooltip {...tooltipStyle} />
              <Bar dataKey="cases" name="Cases" isAnimationActive={false}>
                {data.map((d) => (
                  <Cell key={d.status} fill={caseStatusColors[d.status]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </ChartFrame>
      )}
    </ChartCard>
  );
}
