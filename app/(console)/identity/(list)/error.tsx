"use client";

import { RouteError } from "@/components/ui/route-error";

export default function IdentityError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The identity review could not be shown" />;
}
