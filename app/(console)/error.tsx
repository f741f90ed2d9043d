"use client";

import { RouteError } from "@/components/ui/route-error";

// Any console page without a boundary of its own (a detail page, a layout's failure below the
// shell): the failure is shown inside the shell, with its reference, never Next.js's bare page.
export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} />;
}
