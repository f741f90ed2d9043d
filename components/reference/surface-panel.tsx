"use client";

import { LoaderCircle, RefreshCw, ServerCrash } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { API_SURFACES, specRoute, type ApiSurfaceId } from "@/lib/api-reference/surfaces";
import { loadSwaggerUi } from "./swagger-ui-loader";
import { Card } from "@/components/ui/card";

type PanelState = { status: "loading" } | { status: "ready" } | { status: "error"; title: string; message: string; code?: string };

type SurfacePanelProps = { surface: ApiSurfaceId; swaggerVersion: string };

export function SurfacePanel({ surface, swaggerVersion }: SurfacePanelProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PanelState>({ status: "loading" });
  // Bumped by "Retry" to re-run the effect.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const controller = new AbortController();

    // Spec and Swagger UI are fetched in parallel; the document is fetched by us, not by Swagger
    // UI, so a failure becomes a clear message instead of Swagger's generic "Failed to load API
    // definition".
    Promise.all([fetchSpec(surface, controller.signal), loadSwaggerUi(swaggerVersion)])
      .then(([spec, SwaggerUIBundle]) => {
        if (controller.signal.aborted) return;
        // A fresh node per render: Swagger UI mounts its own React root and has no destroy().
        const mount = document.createElement("div");
        host.replaceChildren(mount);
        SwaggerUIBundle({
          domNode: mount,
          spec,
          presets: [SwaggerUIBundle.presets.apis],
          layout: "BaseLayout",
          deepLinking: true,
          docExpansion: "list",
          defaultModelsExpandDepth: 0,
          displayRequestDuration: false,
          filter: true,
          // A reference, not a client: requests would need an API key in the browser and the
          // CSP's connect-src is 'self'. Integrators call the API from their own code.
          supportedSubmitMethods: [],
          tryItOutEnabled: false,
          // Never contact swagger.io's validator, never take a spec URL from the query string.
          validatorUrl: null,
          queryConfigEnabled: false,
        });
        setState({ status: "ready" });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState(describeError(error));
      });

    return () => {
      controller.abort();
      host.replaceChildren();
    };
  }, [surface, swaggerVersion, attempt]);

  const retry = () => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  };

  return (
    <div className="grid gap-4">
      {state.status === "loading" && (
        <Card role="status" className="flex items-center gap-3 px-5 py-10 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
          Loading the {API_SURFACES[surface].label} reference…
        </Card>
      )}

      {state.status === "error" && (
        <Alert tone="danger">
          <ServerCrash aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <AlertTitle>{state.title}</AlertTitle>
            <AlertDescription>
              <p>{state.message}</p>
              {state.code === "api_unreachable" || state.code === "api_timeout" ? (
                <p className="mt-2">
                  If you run Argus yourself, check that the API is started (<code className="font-mono">npm run api</code>) and that the
                  console&apos;s <code className="font-mono">ARGUS_API_URL</code> points at it.
                </p>
              ) : null}
              <Button variant="secondary" size="sm" className="mt-4" onClick={retry}>
                <RefreshCw />
                Retry
              </Button>
            </AlertDescription>
          </div>
        </Alert>
      )}

      {/* Swagger UI renders here. React never renders children into this node, so the two
          React trees cannot fight over it. */}
      <div
        ref={hostRef}
        hidden={state.status !== "ready"}
        className="swagger-host overflow-hidden rounded-xl border border-border bg-white shadow-sm dark:bg-[#1c2022]"
      />
    </div>
  );
}

class SpecError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

async function fetchSpec(surface: ApiSurfaceId, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(specRoute(surface), { signal, cache: "no-store", headers: { accept: "application/json" } });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    throw new SpecError(
      typeof error?.message === "string" ? error.message : `The console answered with HTTP ${response.status}.`,
      typeof error?.code === "string" ? error.code : undefined,
      response.status,
    );
  }
  if (body === undefined) throw new SpecError("The OpenAPI document could not be read.", "invalid_document", response.status);
  return body;
}

function describeError(error: unknown): PanelState {
  if (error instanceof SpecError) {
    const unreachable = error.code === "api_unreachable" || error.code === "api_timeout";
    return {
      status: "error",
      title: unreachable ? "The Argus API is unavailable" : "The API reference could not be loaded",
      message: error.message,
      code: error.code,
    };
  }
  if (error instanceof TypeError) {
    // fetch() rejects with a TypeError when the console itself cannot be reached.
    return { status: "error", title: "The console could not be reached", message: "Check your connection and retry." };
  }
  return {
    status: "error",
    title: "The API reference could not be displayed",
    message: error instanceof Error ? error.message : "Unexpected error.",
  };
}
