"use client";

import { Play, RotateCcw, Square } from "lucide-react";
import { useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { batchIdOf } from "./batch-id";
import type { ParsedBatch } from "./batch-csv";
import { BatchFormat } from "./batch-format";
import { BatchProblems } from "./batch-problems";
import { BatchProgress } from "./batch-progress";
import { BatchResults, resultRowsOf } from "./batch-results";
import { BatchUpload, MAX_BATCH_FILE_BYTES } from "./batch-upload";
import { useBatchRun } from "./use-batch-run";

type Loaded = { fileName: string; batchId: string; parsed: ParsedBatch };

/**
 * Batch CSV scoring: read and check the file in the browser, then send its valid rows to the
 * scoreBatch action a chunk at a time, and show each row's outcome as it comes back.
 */
export function BatchScoringView({ environment }: { environment: ConsoleEnvironment }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const { outcomes, phase, waitUntil, runError, stopping, run, stop, reset } = useBatchRun(environment);
  const busy = phase === "running" || phase === "waiting";

  async function onFile(file: File) {
    if (busy) return;
    setReadProblem(null);
    if (!/\.csv$/i.test(file.name) && !/csv|text\/plain|ms-excel/.test(file.type)) {
      setReadProblem(`"${file.name}" is not a CSV file. Save the sheet as CSV (UTF-8) and choose it again.`);
      return;
    }
    if (file.size > MAX_BATCH_FILE_BYTES) {
      setReadProblem(
        `"${file.name}" is ${(file.size / 1024 / 1024).toFixed(1)} MB; a batch file may be at most ${MAX_BATCH_FILE_BYTES / 1024 / 1024} MB.`,
      );
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setReadProblem(`"${file.name}" could not be read. Choose it again.`);
      return;
    }
    reset();
    // The CSV parser and the row validation (papaparse, zod) load with the first file, not the page.
    const { parseBatchCsv } = await import("./batch-csv");
    setLoaded({ fileName: file.name, batchId: await batchIdOf(text), parsed: parseBatchCsv(text) });
  }

  const parsed = loaded?.parsed.ok ? loaded.parsed : null;
  const sendable = useMemo(
    () => (parsed ? parsed.rows.flatMap((row) => (row.body ? [{ row: row.row, body: row.body }] : [])) : []),
    [parsed],
  );
  const resultRows = useMemo(() => (parsed ? resultRowsOf(parsed.rows, outcomes) : []), [parsed, outcomes]);
  const answered = sendable.filter((row) => outcomes.has(row.row)).length;
  const failed = sendable.filter((row) => outcomes.get(row.row)?.status === "failed");
  const unsent = sendable.filter((row) => !outcomes.has(row.row));
  const invalidCount = parsed ? parsed.rows.length - sendable.length : 0;
  const environmentLabel = environmentLabels[environment];

  async function download() {
    if (!loaded || !parsed) return;
    const { resultsToCsv } = await import("./batch-csv");
    const blob = new Blob([resultsToCsv(parsed.columns, parsed.rows, outcomes)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `${loaded.fileName.replace(/\.csv$/i, "")}-results.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="grid gap-8">
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_32rem]">
        <div className="grid min-w-0 content-start gap-4">
          <Alert tone="info">
            <div>
              <AlertTitle>Rows are scored in {environmentLabel}</AlertTitle>
              <AlertDescription>
                {environment === "production"
                  ? "Each row becomes a live transaction: it counts towards velocity, can raise alerts and is written to the event log, exactly as if your systems had sent it."
                  : "Pre-production keeps its own history, alerts and event log; nothing here touches production."}{" "}
                A row sent twice (a retry, or the same file again within 24 hours) is scored once: the first result comes back.
              </AlertDescription>
            </div>
          </Alert>
          <BatchUpload onFile={(file) => void onFile(file)} disabled={busy} />
          {readProblem ? (
            <Alert tone="danger">
              <AlertDescription className="mt-0 text-foreground">{readProblem}</AlertDescription>
            </Alert>
          ) : null}
          {loaded && !loaded.parsed.ok ? (
            <Alert tone="danger">
              <div>
                <AlertTitle>{loaded.fileName} cannot be scored</AlertTitle>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  {loaded.parsed.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
                <p className="mt-2">Fix the file and choose it again. Nothing was sent.</p>
              </div>
            </Alert>
          ) : null}
          {loaded && parsed ? (
            <Card>
              <CardContent className="grid gap-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold break-all">{loaded.fileName}</p>
                    <p className="text-sm text-muted-foreground">
                      {parsed.rows.length} rows: {sendable.length} ready to score
                      {invalidCount > 0 ? `, ${invalidCount} with problems (not sent)` : ""}.
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {busy ? (
                      <Button variant="secondary" onClick={stop} disabled={stopping}>
                        <Square aria-hidden="true" />
                        Stop
                      </Button>
                    ) : unsent.length > 0 ? (
                      <Button onClick={() => void run(loaded.batchId, unsent)}>
                        <Play aria-hidden="true" />
                        {answered === 0
                          ? `Score ${unsent.length} rows in ${environmentLabel}`
                          : `Score the ${unsent.length} rows not sent yet`}
                      </Button>
                    ) : null}
                    {!busy && failed.length > 0 ? (
                      <Button variant="secondary" onClick={() => void run(loaded.batchId, failed)}>
                        <RotateCcw aria-hidden="true" />
                        Retry {failed.length} failed {failed.length === 1 ? "row" : "rows"}
                      </Button>
                    ) : null}
                  </div>
                </div>
                {phase !== "idle" ? (
                  <BatchProgress done={answered} total={sendable.length} phase={phase} waitUntil={waitUntil} stopping={stopping} />
                ) : null}
                {runError ? (
                  <ErrorState
                    title="Scoring stopped"
                    error={{
                      ...runError,
                      message: `${runError.message} Rows already answered keep their results; sending again scores no row twice.`,
                    }}
                    className="rounded-lg border border-danger/30 py-6"
                  />
                ) : null}
                {invalidCount > 0 && phase === "idle" ? <BatchProblems rows={parsed.rows} /> : null}
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="min-w-0">
          <BatchFormat collapsed={parsed !== null} />
        </div>
      </div>
      {/* Full width below: the results table needs every column. */}
      {parsed ? <BatchResults rows={resultRows} onDownload={() => void download()} /> : null}
    </div>
  );
}
