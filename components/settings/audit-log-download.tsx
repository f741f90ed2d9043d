"use client";

import { Download } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { PeriodFields, periodFieldOf } from "@/components/ui/period-fields";
import { lastDays, periodBounds, type PeriodForm } from "@/lib/schemas/period-days";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import type { SafeError } from "@/lib/schemas/safe-error";

/**
 * Downloads the audit log of a period as NDJSON. Fetched rather than followed as a link, so a
 * refusal (a period over a year) is shown here, next to the dates, instead of replacing the page.
 */
export function AuditLogDownload() {
  const form = useForm<PeriodForm>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/period").then((m) => m.PeriodFormSchema)),
    defaultValues: lastDays(30),
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<SafeError | null>(null);
  const [saved, setSaved] = useState<{ name: string; lines: number } | null>(null);

  const download = form.handleSubmit(async (period) => {
    setPending(true);
    setError(null);
    setSaved(null);
    try {
      const response = await fetch(`/settings/audit-log/download?${new URLSearchParams(periodBounds(period))}`, { cache: "no-store" });
      if (!response.ok) {
        const refusal = ((await response.json().catch(() => null)) as { error?: SafeError } | null)?.error ?? {
          message: `The download failed (HTTP ${response.status}).`,
        };
        const field = periodFieldOf(refusal);
        if (field) form.setError(field, { type: "server", message: refusal.message }, { shouldFocus: true });
        else setError(refusal);
        return;
      }
      const blob = await response.blob();
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "argus-audit-log.ndjson";
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
      const text = await blob.text();
      setSaved({ name, lines: text === "" ? 0 : text.trimEnd().split("\n").length });
    } catch {
      setError({ message: "The console could not be reached. Check your connection and try again." });
    } finally {
      setPending(false);
    }
  });

  return (
    <Card as="section" aria-labelledby="audit-download-heading" className="max-w-3xl">
      <CardHeader>
        <CardTitle as="h2" id="audit-download-heading">
          Download the audit log
        </CardTitle>
        <CardDescription>
          One JSON object per line (NDJSON), oldest first: who did what, to which object, and when. At most a year per file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={download} noValidate className="grid gap-4" aria-label="Audit log period">
            <PeriodFields disabled={pending} />
            <FormError error={error} />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={pending}>
                <Download aria-hidden="true" />
                {pending ? "Downloading…" : "Download NDJSON"}
              </Button>
              {saved ? (
                <p role="status" className="text-sm text-muted-foreground">
                  Saved {saved.name}: {saved.lines.toLocaleString("en-US")} {saved.lines === 1 ? "entry" : "entries"}.
                </p>
              ) : null}
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
