// The two API surfaces whose OpenAPI documents the console shows at /reference. Safe for the
// browser: it holds only public, relative paths; the internal API address is added server-side.

export const API_SURFACES = {
  a: {
    label: "Surface A",
    basePath: "/v1",
    specPath: "/v1/openapi.json",
  },
  b: {
    label: "Surface B",
    basePath: "/api/v1",
    specPath: "/api/v1/openapi.json",
  },
} as const;

export type ApiSurfaceId = keyof typeof API_SURFACES;

export const API_SURFACE_IDS = Object.keys(API_SURFACES) as ApiSurfaceId[];

export function isApiSurfaceId(value: string): value is ApiSurfaceId {
  return Object.hasOwn(API_SURFACES, value);
}

/** Console route that proxies a surface's document (app/reference/specs/[surface]/route.ts). */
export function specRoute(surface: ApiSurfaceId): string {
  return `/reference/specs/${surface}`;
}
