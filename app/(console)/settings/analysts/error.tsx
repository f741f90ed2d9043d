"use client";

import { RouteError } from "@/components/ui/route-error";

export default function AnalystsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The analysts could not be shown" />;
}
