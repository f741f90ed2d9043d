"use client";

import { RouteError } from "@/components/ui/route-error";

export default function CasesError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The cases could not be shown" />;
}
