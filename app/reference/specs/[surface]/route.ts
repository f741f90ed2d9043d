import { loadOpenApiDocument } from "@/lib/api-reference/load-openapi";
import { isApiSurfaceId } from "@/lib/api-reference/surfaces";

// The browser gets the API's OpenAPI documents through the console: it never learns the API's
// internal address (load-openapi.ts rewrites it out of the document), and the page keeps a
// same-origin CSP.

export const runtime = "nodejs";
// Read the environment and reach the API per request: never prerender at build time, when the
// API is usually not running.
export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" };

export async function GET(_request: Request, { params }: { params: Promise<{ surface: string }> }) {
  const { surface } = await params;
  if (!isApiSurfaceId(surface)) {
    return Response.json(
      { error: { code: "unknown_surface", message: "There is no API surface with that name." } },
      { status: 404, headers: NO_STORE },
    );
  }

  const result = await loadOpenApiDocument(surface);
  if (!result.ok) {
    return Response.json(
      { error: { code: result.code, message: result.message } },
      { status: result.status, headers: { ...NO_STORE, "retry-after": "5" } },
    );
  }
  return Response.json(result.document, { headers: NO_STORE });
}
