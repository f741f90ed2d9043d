"use client";

import { RouteError } from "@/components/ui/route-error";

export default function SignInError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="w-full max-w-md">
      <RouteError error={error} retry={retry} title="The sign-in page could not be shown" />
    </div>
  );
}
