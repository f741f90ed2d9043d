import { ArrowRight, Fingerprint, ShieldAlert } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { cardClasses } from "@/components/ui/card";

/** A count that is a way in: the number, what it counts, and the queue that works it off. */
function PendingTile({ href, icon, count, label, hint }: { href: string; icon: ReactNode; count: number; label: string; hint: string }) {
  return (
    <Link
      href={href}
      className={cn(
        cardClasses,
        "group flex items-center gap-4 p-4 transition-colors hover:border-border-strong hover:bg-surface-muted/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground [&_svg]:size-5"
      >
        {icon}
      </span>
      <span className="grid flex-1 gap-0.5">
        <span className="text-2xl font-semibold tabular-nums">{count.toLocaleString("en")}</span>
        <span className="text-sm font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
      <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}

export function PendingReviews({ screenings, verifications }: { screenings: number; verifications: number }) {
  return (
    <section aria-labelledby="overview-pending" className="grid gap-3">
      <h2 id="overview-pending" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Waiting for a person
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <PendingTile
          href="/watchlist"
          icon={<ShieldAlert />}
          count={screenings}
          label="Screenings to review"
          hint="Possible watchlist matches, pending review"
        />
        <PendingTile
          href="/identity?status=pending"
          icon={<Fingerprint />}
          count={verifications}
          label="Pending verifications"
          hint="Identity checks still running or waiting"
        />
      </div>
    </section>
  );
}
