"use client";

import { RouteError } from "@/components/ui/route-error";

export default function BatchScoringError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="Batch scoring could not be shown" />;
}
