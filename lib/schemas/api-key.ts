import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";

// API keys as the dashboard routes return them (DESIGN.md "Keys, accounts, scopes"). The secret
// `key` exists only in the create response and only ever reaches the browser in that one answer.

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

export const apiKeyScopes = [...surfaceAScopes, ...surfaceBScopes] as const;

export type ApiKeyScope = (typeof apiKeyScopes)[number];

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

export const ApiKeySchema = z.object({
  object: z.literal("api_key"),
  id: z.string(),
  account_id: z.string(),
  label: z.string(),
  environment: z.enum(["live", "test"]),
  // Open list: a newer API may know scopes this console does not; show them, don't fail.
  scopes: z.array(z.string()),
  last_four: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  request_count: z.number().int(),
  revoked_at: z.string().nullable(),
});

export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string().min(1) });

export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const CreateApiKeyInputSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { error: "Give the key a label, e.g. the service that will use it." })
    .max(TEXT_LIMITS.apiKeyLabel, { error: tooLongMessage(TEXT_LIMITS.apiKeyLabel) }),
  // Empty = unrestricted (every scope), as the API defines it.
  scopes: z.array(z.enum(apiKeyScopes)).max(apiKeyScopes.length).default([]),
});

export type CreateApiKeyInput = z.input<typeof CreateApiKeyInputSchema>;

export const RevokeApiKeyInputSchema = z.object({ id: z.string().min(1).max(100) });
