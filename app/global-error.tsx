"use client";

import "./globals.css";
import { RouteError } from "@/components/ui/route-error";

// A failure of the root or the console's layout itself (nothing below it can show the shell):
// a page of the console's own, with the error's reference, instead of Next.js's bare one.
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        <main id="main" className="mx-auto grid max-w-2xl gap-6 px-4 py-16">
          <h1 className="text-xl font-semibold">Argus Console</h1>
          <RouteError error={error} retry={retry} />
          <p className="text-center text-sm">
            {/* A full page load: the failed layout may be what a client navigation reuses. */}
            <a href="/overview" className="underline underline-offset-4">
              Go to the overview
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
