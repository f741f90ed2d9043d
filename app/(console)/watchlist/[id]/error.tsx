"use client";

import { RouteError } from "@/components/ui/route-error";

export default function ScreeningError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The screening could not be shown" />;
}
