import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";
import { apiKeyScopes } from "../api/wire";

// The forms that create and revoke an API key (`/api/v1/api-keys`). The secret `key` exists only
// in the create response and only ever reaches the browser in that one answer.

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
