"use client";

import { RouteError } from "@/components/ui/route-error";

export default function TransactionsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The transactions could not be shown" />;
}
