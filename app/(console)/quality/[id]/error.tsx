"use client";

import { RouteError } from "@/components/ui/route-error";

export default function QualityReviewError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The review could not be shown" />;
}
