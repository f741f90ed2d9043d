"use client";

import { RouteError } from "@/components/ui/route-error";

export default function OverviewError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The overview could not be shown" />;
}
