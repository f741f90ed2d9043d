"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EmptyState } from "@/components/ui/empty-state";
import { scoreTotals, shortDay } from "@/lib/format/overview";
import type { ScoresDay } from "@/lib/api/wire";
import { ChartCard, ChartFrame } from "./chart-card";
import { axisTick, decisionColors, gridStroke, tooltipStyle } from "@/components/ui/chart-theme";
import { BarChart3 } from "lucide-react";
import Link from "next/link";

const decisions = [
  { key: "allow", label: "Allow" },
  { key: "challenge", label: "Challenge" },
  { key: "block", label: "Block" },
] as const;

export function ScoresChart({ days }: { days: ScoresDay[] }) {
  const t = scoreTotals(days);
  const summary =
    t.total === 0
      ? "No scores in the last 14 days."
      : `${t.total.toLocaleString("en")} scores in the last 14 days: ${t.allow.toLocaleString("en")} allowed, ${t.challenge.toLocaleString("en")} challenged, ${t.block.toLocaleString("en")} blocked.`;
  const data = days.map((d) => ({ ...d, label: shortDay(d.date) }));
  return (
    <ChartCard title="Scores per day" summary={summary} href="/events?event_type=transaction.scored" linkLabel="Events">
      {t.total === 0 ? (
        <EmptyState
          icon={<BarChart3 />}
          title="No scores yet"
          description="Scores of this environment appear here by day (UTC) and decision."
        />
      ) : (
        <ChartFrame label={`Stacked bars of scores per UTC day by decision. ${summary}`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke={gridStroke} />
              <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
              <Tooltip {...tooltipStyle} />
              <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
              {decisions.map((d) => (
                <Bar key={d.key} dataKey={d.key} name={d.label} stackId="decision" fill={decisionColors[d.key]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartFrame>
      )}
      {t.challenge + t.block > 0 ? (
        <p className="mt-3 text-sm">
          <Link
            href="/transactions?show=review"
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            Review the challenged and blocked ones
          </Link>{" "}
          <span className="text-muted-foreground">
            ({t.challenge.toLocaleString("en")} challenged, {t.block.toLocaleString("en")} blocked; the queue lists those without an
            analyst&apos;s decision, oldest first)
          </span>
        </p>
      ) : null}
    </ChartCard>
  );
}
