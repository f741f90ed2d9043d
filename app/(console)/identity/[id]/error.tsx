"use client";

import { RouteError } from "@/components/ui/route-error";

export default function VerificationError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} title="The verification could not be shown" />;
}
