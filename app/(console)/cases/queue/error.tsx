"use client";

import { RouteError } from "@/components/ui/route-error";

export default function CaseQueueError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The case queue could not be shown" />;
}
