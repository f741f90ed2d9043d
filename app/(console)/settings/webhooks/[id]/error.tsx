"use client";

import { RouteError } from "@/components/ui/route-error";

export default function WebhookError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The webhook endpoint could not be shown" />;
}
