// Scopes (server/README.md, "Keys, scopes and analysts"): upper-case names on Surface B,
// resource:action on Surface A.
export const surfaceAScopes = [
  "transactions:write",
  "decisions:write",
  "identity:write",
  "device:write",
  "events:read",
  "alerts:read",
  "alerts:write",
  "cases:read",
  "cases:write",
  "webhooks:read",
  "webhooks:write",
] as const;
export const surfaceBScopes = ["TRANSACTIONS_WRITE", "KYC_WRITE", "KYC_READ"] as const;
export const allScopes = [...surfaceAScopes, ...surfaceBScopes] as const;
export type Scope = (typeof allScopes)[number];

/** Scopes that imply others: KYC_WRITE also reads verifications. */
const implied: Partial<Record<Scope, Scope[]>> = { KYC_WRITE: ["KYC_READ"] };

/** Whether a key's scope list permits any one of `required`. An empty list is unrestricted. */
export function permits(keyScopes: readonly string[], required: readonly Scope[]): boolean {
  if (keyScopes.length === 0) return true;
  return required.some((need) => keyScopes.some((have) => have === need || (implied[have as Scope] ?? []).includes(need)));
}

export function isScope(value: string): value is Scope {
  return (allScopes as readonly string[]).includes(value);
}
