import Link from "next/link";
import type { ReactNode } from "react";
import { DateTime } from "@/components/ui/date-time";
import { formatAmount, maskedPaymentMethod } from "@/lib/format/transaction";
import type { Transaction } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

const none = <span className="text-muted-foreground">—</span>;
const mono = (value: string | null | undefined) => (value ? <UserText value={value} className="font-mono text-xs break-all" /> : none);

/**
 * What was scored. The API keeps the card's BIN and last four digits only; the console shows the
 * first six and the last four.
 */
export function TransactionFacts({ transaction: t }: { transaction: Transaction }) {
  const facts: [string, ReactNode][] = [
    [
      "Amount",
      <span key="a" className="font-medium tabular-nums">
        {formatAmount(t.amount, t.currency)}
      </span>,
    ],
    [
      "Payment method",
      <span key="p" className="tabular-nums">
        {maskedPaymentMethod(t.payment_method)}
      </span>,
    ],
    [
      "User",
      <Link
        key="u"
        href={`/users/${encodeURIComponent(t.user_id)}`}
        className="font-mono text-xs break-all underline-offset-4 hover:underline focus-visible:underline"
      >
        <UserText value={t.user_id} />
      </Link>,
    ],
    ["E-mail", mono(t.email)],
    ["IP address", mono(t.ip_address)],
    ["Phone", mono(t.phone)],
    [
      "Merchant",
      t.merchant?.id || t.merchant?.category ? (
        <UserText key="m" value={[t.merchant.id, t.merchant.category].filter(Boolean).join(" · ")} />
      ) : (
        none
      ),
    ],
    ["Device session", mono(t.session_id)],
    ["Device", mono(t.device_id)],
    ["Scored", <DateTime key="c" value={t.created_at} />],
  ];
  if (t.analysis_id) facts.push(["Surface B analysis", mono(t.analysis_id)]);
  const metadata = Object.keys(t.metadata).length > 0 ? JSON.stringify(t.metadata, null, 2) : null;

  return (
    <Card as="section" aria-labelledby="txn-facts" className="p-5">
      <h2 id="txn-facts" className="text-base font-semibold">
        Transaction
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-medium">Metadata</h3>
      {metadata ? (
        <pre
          tabIndex={0}
          aria-label="Metadata as JSON"
          className="mt-2 max-h-64 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs"
        >
          <UserText value={metadata} />
        </pre>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">No metadata was sent with this transaction.</p>
      )}
    </Card>
  );
}
