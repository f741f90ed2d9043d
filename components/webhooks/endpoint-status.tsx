import { CircleSlash, ShieldAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { endpointState, MAX_DELIVERY_ATTEMPTS } from "@/lib/format/webhook";
import type { WebhookEndpoint } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";

type StatusFields = Pick<WebhookEndpoint, "status" | "disabled_reason" | "disabled_at">;

/** Enabled, disabled by an administrator, or disabled by Argus after failing deliveries. */
export function EndpointStatusBadge({ endpoint }: { endpoint: StatusFields }) {
  const state = endpointState(endpoint);
  if (state.kind === "enabled") return <Badge tone="success">Enabled</Badge>;
  if (state.kind === "auto_disabled") return <Badge tone="danger">Disabled by Argus</Badge>;
  return <Badge tone="neutral">Disabled</Badge>;
}

/**
 * Why a disabled endpoint receives nothing, and what to do. Automatic disabling needs the most
 * words: the admin must know it was Argus, after how much failing, and that re-enabling does not
 * bring back what was dropped.
 */
export function EndpointStateNote({ endpoint }: { endpoint: StatusFields }) {
  const state = endpointState(endpoint);
  if (state.kind === "enabled") return null;
  if (state.kind === "disabled_by_request") {
    return (
      <Alert>
        <CircleSlash aria-hidden="true" />
        <div>
          <AlertTitle>Disabled by an administrator</AlertTitle>
          <AlertDescription>
            Since <DateTime value={state.since} />. It receives no events until it is enabled again; deliveries that were waiting for a
            retry were dropped.
          </AlertDescription>
        </div>
      </Alert>
    );
  }
  return (
    <Alert tone="danger" role="status">
      <ShieldAlert aria-hidden="true" />
      <div>
        <AlertTitle>Argus disabled this endpoint automatically</AlertTitle>
        <AlertDescription>
          <p>
            Since <DateTime value={state.since} />. A delivery failed all {MAX_DELIVERY_ATTEMPTS} attempts over about 43 hours and no other
            delivery to this endpoint succeeded in that time, so Argus stopped sending to it.
          </p>
          <p className="mt-2 break-words text-foreground">
            <UserText value={state.reason} />
          </p>
          <p className="mt-2">
            Fix the receiver (the delivery log below shows each attempt and its error), then edit the endpoint and set it to enabled. Events
            from while it was disabled are not sent again.
          </p>
        </AlertDescription>
      </div>
    </Alert>
  );
}
