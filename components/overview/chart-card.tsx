import { ArrowRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A chart with its title, a one-line summary (read by screen readers too) and a link to its queue. */
export function ChartCard({
  title,
  summary,
  href,
  linkLabel,
  children,
}: {
  title: string;
  summary: string;
  href: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2">{title}</CardTitle>
          <CardDescription>{summary}</CardDescription>
        </div>
        <Link
          href={href}
          className="inline-flex shrink-0 items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {linkLabel}
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

/** The chart area: drawn for sighted users, summarised in words by the card for everyone else. */
export function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      {children}
    </div>
  );
}
