import { BellRing, CircleCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";

// A static, illustrative decision as an analyst would see it: what Argus returns for one
// transaction. Real text rather than an image, so it reads correctly with a screen reader and
// scales with the user's font size. The values are invented.

const SIGNALS = [
  { label: "Device seen on 4 accounts in 24 h", weight: 31 },
  { label: "6 cards tried from this session in 10 min", weight: 21 },
  { label: "Billing country differs from IP country", weight: 18 },
  { label: "Disposable email domain", weight: 12 },
] as const;

const SCORE = 82;

export function DecisionPreview() {
  return (
    <figure className="relative">
      {/* Soft backdrop that frames the card without competing with it. */}
      <div aria-hidden="true" className="absolute -inset-4 -z-10 rounded-3xl bg-accent/60 blur-2xl" />
      <Card className="overflow-hidden">
        <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Transaction</p>
            <p className="mt-0.5 truncate font-mono text-sm">txn_01JD8QK4W2M7</p>
          </div>
          <div className="text-right">
            <p className="text-lg font-semibold tabular-nums">€1,240.00</p>
            <p className="text-xs text-muted-foreground">Card ending 4417</p>
          </div>
        </div>

        <div className="grid gap-5 px-5 py-5">
          <div>
            <div className="flex items-baseline justify-between">
              <p className="text-sm font-medium">Risk score</p>
              <p className="text-sm">
                <span className="text-2xl font-semibold text-danger tabular-nums">{SCORE}</span>
                <span className="text-muted-foreground"> / 100</span>
              </p>
            </div>
            <div
              role="meter"
              aria-label="Risk score"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={SCORE}
              className="mt-2 h-2 overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className="h-full rounded-full bg-linear-to-r from-amber-400 via-orange-500 to-red-600 dark:to-red-500"
                style={{ width: `${SCORE}%` }}
              />
            </div>
          </div>

          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium">Decision</span>
            <Badge tone="warning">Review</Badge>
            <Badge tone="success">
              <CircleCheck aria-hidden="true" />
              Sanctions: no match
            </Badge>
            <Badge tone="success">
              <CircleCheck aria-hidden="true" />
              KYC verified
            </Badge>
          </div>

          <div>
            <p className="text-sm font-medium">Top signals</p>
            <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
              {SIGNALS.map((signal) => (
                <li key={signal.label} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="text-muted-foreground">{signal.label}</span>
                  <span className="font-mono text-xs font-medium text-danger tabular-nums">+{signal.weight}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="flex items-center gap-2 border-t border-border bg-surface-muted px-5 py-3 text-sm text-muted-foreground">
          <BellRing aria-hidden="true" className="size-4 text-primary" />
          Alert opened in the review queue
        </div>
      </Card>
      <figcaption className="sr-only">Example of a risk decision returned by Argus for one card payment.</figcaption>
    </figure>
  );
}
