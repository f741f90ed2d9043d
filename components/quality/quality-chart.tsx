"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, gridStroke, tooltipStyle } from "@/components/ui/chart-theme";
import type { QualityReport } from "@/lib/api/wire";

// The table beside the chart carries the same numbers in words. One hue and one dash pattern per analyst: the lines stay apart for readers who cannot tell the hues.
const palette = ["var(--series-1)", "var(--series-2)", "var(--series-3)", "var(--series-4)", "var(--series-5)", "var(--series-6)"];
const dashes = [undefined, "6 3", "2 3", "10 4 2 4", "4 4", "1 3"];

const weekLabel = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

export type QualityMetric = "agreement_rate" | "overturn_rate";

/** One line per analyst (as the first reviewer): the weekly rate, in per cent. */
export function QualityChart({ report, metric }: { report: QualityReport; metric: QualityMetric }) {
  const analysts = report.analysts.slice(0, palette.length);
  const weeks = [...new Set(analysts.flatMap((a) => a.weeks.map((w) => w.week_start)))].sort();
  const data = weeks.map((week) => {
    const point: Record<string, string | number | null> = { week };
    for (const a of analysts) {
      const w = a.weeks.find((x) => x.week_start === week);
      point[a.analyst_id] = w ? Math.round(w[metric] * 1000) / 10 : null;
    }
    return point;
  });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 4, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="week" tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} tickFormatter={weekLabel} />
        <YAxis domain={[0, 100]} unit=" %" tick={axisTick} tickLine={false} axisLine={false} />
        <Tooltip {...tooltipStyle} formatter={(v) => `${v} %`} labelFormatter={(w) => `Week of ${weekLabel(String(w))}`} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {analysts.map((a, i) => (
          <Line
            key={a.analyst_id}
            type="monotone"
            dataKey={a.analyst_id}
            name={a.name ?? a.analyst_id}
            stroke={palette[i]}
            strokeDasharray={dashes[i]}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
