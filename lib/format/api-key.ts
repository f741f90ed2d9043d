import { apiKeyScopes, type ApiKeyScope } from "../api/wire";

// API key scopes in the console's words. The scopes themselves come from the API's document
// (lib/api/wire.ts): a scope added there fails the typecheck here until it is described.

export const scopeDescriptions: Record<ApiKeyScope, string> = {
  "transactions:write": "Score transactions and verify payment details",
  "decisions:write": "Record decisions on transactions and screenings",
  "identity:write": "Verify identities and screen watchlists",
  "device:write": "Open device sessions",
  "events:read": "Read the event log",
  "alerts:read": "Read alerts",
  "alerts:write": "Acknowledge and resolve alerts",
  "cases:read": "Read cases",
  "cases:write": "Open and update cases",
  "webhooks:read": "Read webhook endpoints and deliveries",
  "webhooks:write": "Manage webhook endpoints",
  TRANSACTIONS_WRITE: "Analyze transactions (Surface B)",
  KYC_WRITE: "Create verifications; includes KYC_READ (Surface B)",
  KYC_READ: "Read verifications (Surface B)",
};

/** Surface A's scopes are `resource:verb`; Surface B's are upper case (`KYC_READ`). */
export const surfaceAScopes = apiKeyScopes.filter((scope) => scope.includes(":"));
export const surfaceBScopes = apiKeyScopes.filter((scope) => !scope.includes(":"));
