"use client";

import { RouteError } from "@/components/ui/route-error";

export default function TransactionError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The transaction could not be shown" />;
}
