"use client";

import { RouteError } from "@/components/ui/route-error";

export default function WebhooksError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The webhook endpoints could not be shown" />;
}
