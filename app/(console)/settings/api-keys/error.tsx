"use client";

import { RouteError } from "@/components/ui/route-error";

export default function ApiKeysError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The API keys could not be shown" />;
}
