"use client";

import { RouteError } from "@/components/ui/route-error";

export default function EventsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The events could not be shown" />;
}
