import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { LocalDateTime } from "@/components/ui/sla-badge";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { Forecast } from "@/lib/api/wire";
import { analystsNeededText, forecastInputs, forecastReason } from "@/lib/format/forecast";
import type { SafeError } from "@/lib/schemas/safe-error";

/**
 * The breach forecast of the case queue (GET /api/v1/forecast): per severity, when the queue
 * breaches if nothing changes and how many analysts keep it on track, with the numbers it is
 * worked out from on every row and the model explained below the table.
 */
export function BreachForecast({ forecast, error }: { forecast: Forecast | null; error: SafeError | null }) {
  if (!forecast) {
    return (
      <Card>
        <ErrorState title="The forecast could not be loaded" error={error ?? { message: "The API did not answer." }} className="py-6" />
      </Card>
    );
  }
  return (
    <Card as="section" aria-labelledby="breach-forecast" className="p-4">
      <h2 id="breach-forecast" className="text-sm font-semibold">
        Breach forecast{" "}
        <span className="font-normal text-muted-foreground">
          — if nothing changes, from the last {forecast.window_hours} hours; {forecast.analysts_available} analysts available now
        </span>
      </h2>
      <TableContainer className="mt-3">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Severity</TableHeaderCell>
              <TableHeaderCell>Waiting</TableHeaderCell>
              <TableHeaderCell>First breach</TableHeaderCell>
              <TableHeaderCell>Analysts to stay on track</TableHeaderCell>
              <TableHeaderCell>How</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {forecast.data.map((f) => (
              <TableRow key={f.severity} data-severity={f.severity}>
                <TableCell>
                  <SeverityBadge severity={f.severity} />
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {f.backlog}
                  {f.overdue > 0 ? <span className="font-semibold text-danger"> ({f.overdue} overdue)</span> : null}
                </TableCell>
                <TableCell>
                  {f.breach_at ? (
                    <span className="font-medium text-danger">
                      <LocalDateTime value={f.breach_at} />
                    </span>
                  ) : (
                    <span className="text-success">On track</span>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{analystsNeededText(f)}</TableCell>
                <TableCell className="max-w-xl text-xs leading-relaxed text-muted-foreground">
                  {forecastInputs(f, forecast.window_hours)} {forecastReason(f)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">How the forecast is worked out</summary>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
          <li>
            Inflow λ and clearance μ are the cases of that severity opened and resolved in the last {forecast.window_hours} hours, per hour.
          </li>
          <li>
            Waiting cases are worked soonest due first at μ, overdue ones ahead: the k-th is reached after (overdue + k) / μ hours and
            breaches if that is after its due time.
          </li>
          <li>
            If λ &gt; μ the queue grows by λ − μ an hour; a new case breaches once the queue ahead of it takes longer than its due time to
            clear.
          </li>
          <li>
            Each analyst who resolved cases in the window clears μ / A an hour; the analysts needed are the pace that keeps every case in
            time (the largest of λ and (overdue + k) / hours until the k-th is due) over that, rounded up.
          </li>
        </ul>
      </details>
    </Card>
  );
}
