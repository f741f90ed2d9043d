"use client";

import { RouteError } from "@/components/ui/route-error";

export default function PoliciesError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The policies could not be shown" />;
}
