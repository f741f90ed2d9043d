import { Download } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { BATCH_CHUNK_SIZE, MAX_BATCH_ROWS } from "@/lib/schemas/batch-limits";
import { buttonVariants } from "@/components/ui/button";
import { csvColumns, templateCsv } from "./batch-columns";

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv)}`;
const numberFormat = new Intl.NumberFormat("en-GB");

/**
 * The documented CSV format: one column per field of POST /v1/transactions/score. The column
 * table folds away (`collapsed`) once a file is loaded, so the results come into view.
 */
export function BatchFormat({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Column format</CardTitle>
        <CardDescription>
          One row per transaction, a header row naming the columns. Nested fields use dots, as in the API&apos;s request body. Empty cells
          are left out of the request. Your own references go in <code className="font-mono text-xs">metadata.&lt;key&gt;</code> columns
          (text, stored with the transaction, not scored). At most {numberFormat.format(MAX_BATCH_ROWS)} rows per file, sent{" "}
          {BATCH_CHUNK_SIZE} at a time.
        </CardDescription>
        <a
          href={templateHref}
          download="argus-batch-template.csv"
          className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-2 self-start" })}
        >
          <Download aria-hidden="true" />
          Download the template
        </a>
      </CardHeader>
      <CardContent>
        {/* Remounted when `collapsed` changes: `open` only sets the initial state of a <details>. */}
        <details key={String(collapsed)} open={!collapsed} className="group">
          <summary className="cursor-pointer rounded-sm text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
            {csvColumns.length + 1} columns
          </summary>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">CSV columns of a batch file</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Column
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Rule
                </th>
              </tr>
            </thead>
            <tbody className="align-top">
              {csvColumns.map((column) => (
                <tr key={column.name} className="border-t border-border">
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    <code className="font-mono text-xs whitespace-nowrap">{column.name}</code>
                    {column.required ? <span className="ml-1.5 text-xs font-medium text-danger">required</span> : null}
                  </th>
                  <td className="py-1.5 text-muted-foreground">{column.rule}</td>
                </tr>
              ))}
              <tr className="border-t border-border">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  <code className="font-mono text-xs whitespace-nowrap">metadata.&lt;key&gt;</code>
                </th>
                <td className="py-1.5 text-muted-foreground">
                  Any number of columns (at most 50): key up to 40 characters, value up to 500.
                </td>
              </tr>
            </tbody>
          </table>
        </details>
      </CardContent>
    </Card>
  );
}
