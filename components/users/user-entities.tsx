import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { UserText } from "@/components/ui/user-text";
import type { UserProfile } from "@/lib/api/wire";

type Seen = { first_seen_at: string; last_seen_at: string; count: number };

/** One kind of thing the user used (devices, client IPs, cards, e-mails), most recently used first. */
function EntityTable<T extends Seen>({
  title,
  column,
  id,
  rows,
  label,
  empty,
}: {
  title: string;
  column: string;
  id: string;
  rows: readonly T[];
  label: (row: T) => ReactNode;
  empty: string;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="p-5">
      <h2 id={id} className="text-base font-semibold">
        {title} ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{title}: first and last seen, and how often</caption>
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                {column}
              </th>
              <th scope="col" className="py-1 font-medium">
                Last seen
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Times
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row, index) => (
              <tr key={index}>
                <td className="py-1.5 pr-3 font-mono text-xs break-all">{label(row)}</td>
                <td className="py-1.5 pr-3 text-xs text-muted-foreground">
                  <DateTime value={row.last_seen_at} />
                </td>
                <td className="py-1.5 text-right tabular-nums">{row.count.toLocaleString("en-GB")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** What the user used: devices, client IP addresses, cards and e-mail addresses. */
export function UserEntities({ profile }: { profile: UserProfile }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <EntityTable
        title="Devices"
        column="Device"
        id="user-devices"
        rows={profile.devices}
        label={(d) => <UserText value={d.device_id} />}
        empty="No device seen."
      />
      <EntityTable
        title="Client IP addresses"
        column="IP address"
        id="user-ips"
        rows={profile.ip_addresses}
        label={(d) => <UserText value={d.ip_address} />}
        empty="No client IP address seen."
      />
      <EntityTable
        title="Cards"
        column="Card"
        id="user-cards"
        rows={profile.cards}
        label={(d) => <UserText value={d.label} />}
        empty="No card seen."
      />
      <EntityTable
        title="E-mail addresses"
        column="E-mail address"
        id="user-emails"
        rows={profile.emails}
        label={(d) => <UserText value={d.email} />}
        empty="No e-mail address seen."
      />
    </div>
  );
}
