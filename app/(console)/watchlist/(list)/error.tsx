"use client";

import { RouteError } from "@/components/ui/route-error";

export default function WatchlistError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The watchlist review could not be shown" />;
}
