import type { KeyPrincipal } from "../../core/principal";

// The limits per rolling minute (server/README.md, "Rate limits"): score, identity verify, GET and
// every other endpoint, each endpoint with its own window, plus one over all of them. PATCH, DELETE
// and Surface B take the closest class: GET 500, writes 300, Surface B analyze like score and
// verification creation like identity verify.
export const LIVE_GLOBAL_LIMIT = 2000;
export const TEST_KEY_LIMIT = 100;

export type EndpointClass = "score" | "identity_verify" | "read" | "write";

export const endpointLimits: Record<EndpointClass, number> = {
  score: 1000,
  identity_verify: 200,
  read: 500,
  write: 300,
};

export function classify(method: string, routePath: string): EndpointClass {
  if (method === "POST") {
    if (routePath === "/v1/transactions/score" || routePath.startsWith("/api/v1/transactions/analyze")) return "score";
    if (routePath === "/v1/identity/verify" || routePath === "/api/v1/verifications") return "identity_verify";
    return "write";
  }
  return method === "GET" || method === "HEAD" ? "read" : "write";
}

/** The windows one request counts against, by key. */
export function windowsFor(key: KeyPrincipal, method: string, routePath: string) {
  const override = key.rateLimitPerMinute;
  if (key.environment === "test") {
    // A test key has one window over all endpoints.
    return [{ key: `${key.keyId}:all`, limit: override ?? TEST_KEY_LIMIT }];
  }
  const cls = classify(method, routePath);
  return [
    { key: `${key.keyId}:${method} ${routePath}`, limit: override ?? endpointLimits[cls] },
    { key: `${key.keyId}:all`, limit: override ?? LIVE_GLOBAL_LIMIT },
  ];
}
