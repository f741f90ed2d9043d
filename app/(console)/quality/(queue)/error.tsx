"use client";

import { RouteError } from "@/components/ui/route-error";

export default function QualityError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The quality review queue could not be shown" />;
}
