"use client";

import { ClipboardCheck } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { QualityReport } from "@/lib/api/wire";
import type { QualityMetric } from "./quality-chart";

// recharts is loaded only on this page, after it renders (first-load JS of every route unchanged).
const QualityChart = dynamic(() => import("./quality-chart").then((m) => m.QualityChart), {
  ssr: false,
  loading: () => <Skeleton className="h-full rounded-lg" />,
});

const metricLabels: Record<QualityMetric, string> = { agreement_rate: "Agreement", overturn_rate: "Overturns" };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const percent = (rate: number) => `${(rate * 100).toFixed(rate === 0 || rate === 1 ? 0 : 1)} %`;

/** The lead's view: each analyst's resolutions as second reviewers judged them, week by week. */
export function QualityReportView({ report }: { report: QualityReport }) {
  const [metric, setMetric] = useState<QualityMetric>("agreement_rate");
  const total = report.analysts.reduce((n, a) => n + a.reviewed, 0);
  const summary =
    total === 0
      ? `No second reviews were given in the period; ${report.pending} wait in the queue.`
      : `${plural(total, "second review")} of resolutions by ${plural(report.analysts.length, "analyst")}; ${report.pending} still ${report.pending === 1 ? "waits" : "wait"} in the queue.`;
  return (
    <div className="grid gap-6">
      <Card as="section" aria-labelledby="quality-chart" className="grid gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="quality-chart" className="text-base font-semibold">
              {metricLabels[metric]} per analyst, by week
            </h2>
            <p className="text-sm text-muted-foreground">{summary}</p>
          </div>
          <div role="group" aria-label="Rate shown" className="flex gap-1">
            {(Object.keys(metricLabels) as QualityMetric[]).map((m) => (
              <Button
                key={m}
                size="sm"
                variant={metric === m ? "primary" : "secondary"}
                aria-pressed={metric === m}
                onClick={() => setMetric(m)}
              >
                {metricLabels[m]}
              </Button>
            ))}
          </div>
        </div>
        {total === 0 ? (
          <EmptyState icon={<ClipboardCheck />} title="No reviews in the period" />
        ) : (
          <div
            role="img"
            aria-label={`Lines of the weekly ${metricLabels[metric].toLowerCase()} rate per analyst. ${summary}`}
            className="h-72 w-full"
          >
            <QualityChart report={report} metric={metric} />
          </div>
        )}
      </Card>
      <Card as="section" aria-labelledby="quality-table" className="p-5">
        <h2 id="quality-table" className="text-base font-semibold">
          Per analyst
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Agreement: the second analyst chose the same outcome. Overturn: confirmed fraud against false positive, either way round.
        </p>
        <TableContainer className="mt-3">
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell scope="col">Analyst (first resolution)</TableHeaderCell>
                <TableHeaderCell scope="col">Reviewed</TableHeaderCell>
                <TableHeaderCell scope="col">Agreed</TableHeaderCell>
                <TableHeaderCell scope="col">Agreement</TableHeaderCell>
                <TableHeaderCell scope="col">Overturned</TableHeaderCell>
                <TableHeaderCell scope="col">Overturn rate</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.analysts.map((a) => (
                <TableRow key={a.analyst_id}>
                  <TableCell>{a.name ?? <span className="font-mono text-xs">{a.analyst_id}</span>}</TableCell>
                  <TableCell className="tabular-nums">{a.reviewed}</TableCell>
                  <TableCell className="tabular-nums">{a.agreed}</TableCell>
                  <TableCell className="tabular-nums">{percent(a.agreement_rate)}</TableCell>
                  <TableCell className="tabular-nums">{a.overturned}</TableCell>
                  <TableCell className="tabular-nums">{percent(a.overturn_rate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </div>
  );
}
