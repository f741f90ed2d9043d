// Who a request acts for, as authentication established it: shared by the middleware that sets it
// and the domain code that caches it.

/** An API key's principal: its account, the environment it belongs to, its scopes and limits. */
export type KeyPrincipal = {
  keyId: string;
  accountId: string;
  /** The environment the key belongs to: it works on that listener only. */
  environment: "live" | "test";
  /** Empty = unrestricted. */
  scopes: string[];
  rateLimitPerMinute: number | null;
};
