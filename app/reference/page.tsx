import type { Metadata } from "next";
import swaggerUiDist from "swagger-ui-dist/package.json";
import { ApiReference } from "@/components/reference/api-reference";
import { SiteHeader } from "@/components/site/site-header";

export const metadata: Metadata = {
  title: "API reference",
  description: "Reference for the Argus API: both surfaces, generated from their OpenAPI documents.",
};

// Static shell; the documents are fetched by the browser through /reference/specs/[surface],
// so the page renders (with its error state) even when the API is down.
export default function ReferencePage() {
  return (
    <>
      <SiteHeader current="reference" wide />
      <main id="main" tabIndex={-1} className="mx-auto max-w-[96rem] px-4 pt-8 pb-16 focus:outline-none sm:px-6">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground sm:text-base">
            Every endpoint of the Argus API, generated from the OpenAPI documents it publishes. Production and sandbox expose the same
            endpoints: use a live API key for one and a test key for the other.
          </p>
        </div>
        <div className="mt-6">
          <ApiReference swaggerVersion={swaggerUiDist.version} />
        </div>
      </main>
    </>
  );
}
