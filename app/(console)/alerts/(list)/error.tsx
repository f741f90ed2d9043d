"use client";

import { RouteError } from "@/components/ui/route-error";

export default function AlertsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The alerts could not be shown" />;
}
