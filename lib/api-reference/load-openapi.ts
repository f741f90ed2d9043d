import "server-only";

import { getConsoleEnv } from "@/lib/env";
import { sanitizeOpenApiDocument } from "./sanitize-openapi";
import { API_SURFACES, type ApiSurfaceId } from "./surfaces";

// Fetches a surface's OpenAPI document from the API, server-side, and returns it ready for the
// browser (internal addresses removed). Errors carry a code and a message written for the person
// looking at /reference; neither ever includes the internal address.

export type LoadOpenApiResult =
  { ok: true; document: unknown } | { ok: false; status: 502 | 503 | 504; code: LoadOpenApiErrorCode; message: string };

export type LoadOpenApiErrorCode = "api_unreachable" | "api_timeout" | "api_error" | "invalid_document";

// Long enough for a cold API building its document, short enough that the page does not hang.
const FETCH_TIMEOUT_MS = 5_000;

export async function loadOpenApiDocument(surface: ApiSurfaceId): Promise<LoadOpenApiResult> {
  const env = getConsoleEnv();
  const source = `${env.apiUrl}${API_SURFACES[surface].specPath}`;

  let response: Response;
  try {
    response = await fetch(source, {
      cache: "no-store",
      headers: { accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    // Server log only: the operator needs the address to debug, the browser must not see it.
    console.warn(`[argus-console] OpenAPI fetch for surface ${surface} failed: ${String(error)} (${source})`);
    return timedOut
      ? { ok: false, status: 504, code: "api_timeout", message: "The Argus API did not answer in time." }
      : {
          ok: false,
          status: 503,
          code: "api_unreachable",
          message: "The Argus API is not reachable right now, so its reference cannot be shown.",
        };
  }

  if (!response.ok) {
    await response.body?.cancel();
    return {
      ok: false,
      status: 502,
      code: "api_error",
      message: `The Argus API answered with HTTP ${response.status} instead of its OpenAPI document.`,
    };
  }

  let document: unknown;
  try {
    document = await response.json();
  } catch {
    document = undefined;
  }
  if (!isOpenApiDocument(document)) {
    return {
      ok: false,
      status: 502,
      code: "invalid_document",
      message: "The Argus API returned something that is not an OpenAPI document.",
    };
  }

  return {
    ok: true,
    document: sanitizeOpenApiDocument(document, [
      { internalUrl: env.apiUrl, publicUrl: env.publicApiUrl },
      { internalUrl: env.sandboxApiUrl, publicUrl: env.publicSandboxApiUrl },
    ]),
  };
}

function isOpenApiDocument(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as Record<string, unknown>).openapi === "string"
  );
}
