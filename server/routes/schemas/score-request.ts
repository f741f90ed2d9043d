import { z } from "@hono/zod-openapi";
import currencyCodes from "currency-codes";
import { paymentMethodTypes, walletTypes } from "../../domain/scoring/request";
import { parseIp } from "../../domain/scoring/ip-ranges";

// The request body of POST /v1/transactions/score, shared with Surface B analyze. Every rule of
// server/domain/scoring/README.md ("Scoring") is here; failures become 400 with `param` = the
// dotted path.

// Codes that name no currency (XXX) or exist only for testing (XTS) are refused.
const NOT_A_CURRENCY = new Set(["XXX", "XTS"]);
export function isCurrency(code: string): boolean {
  const upper = code.toUpperCase();
  return /^[A-Za-z]{3}$/.test(code) && !NOT_A_CURRENCY.has(upper) && currencyCodes.code(upper) !== undefined;
}

export const E164 = /^\+[1-9]\d{1,14}$/;
export const METADATA_MAX_KEYS = 50;

const currency = z
  .string()
  .refine(isCurrency, { message: "must be an ISO 4217 currency code" })
  .openapi({ description: "ISO 4217 code (case-insensitive, stored upper-case)", example: "USD" });

const PaymentMethod = z
  .object({
    type: z.enum(paymentMethodTypes),
    card_bin: z
      .string()
      .regex(/^\d{6,8}$/, "must be 6 to 8 digits")
      .optional()
      .openapi({ description: "First 6 to 8 digits of the card number" }),
    last_four: z
      .string()
      .regex(/^\d{4}$/, "must be 4 digits")
      .optional(),
    expiry_month: z.number().int().min(1).max(12).optional(),
    expiry_year: z.number().int().min(1000).max(9999).optional().openapi({ description: "4 digits" }),
    wallet_type: z.enum(walletTypes).optional().openapi({ description: "Required when type is `wallet`" }),
  })
  .superRefine((pm, ctx) => {
    if (pm.type === "wallet" && pm.wallet_type === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["wallet_type"],
        message: "is required when type is wallet",
        params: { code: "missing_required_field" },
      });
    }
  });

const User = z.object({
  id: z.string().min(1).max(255).openapi({ description: "Your user id; builds the behavioural profile" }),
  email: z.email().max(254).optional(),
  ip_address: z
    .string()
    .max(64)
    .refine((v) => parseIp(v) !== null, { message: "must be an IPv4 or IPv6 address" })
    .optional(),
  phone: z.string().regex(E164, "must be an E.164 number such as +14155550123").optional(),
});

const Merchant = z.object({
  id: z.string().min(1).max(255).optional(),
  category: z.string().min(1).max(100).optional().openapi({ description: "MCC or a category word; high-risk categories add a signal" }),
});

const Metadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, { message: `must have at most ${METADATA_MAX_KEYS} keys` })
  .openapi({
    description: "String values only; stored and returned, never scored. At most 50 keys of ≤ 40 characters, values ≤ 500 characters.",
  });

export const ScoreBody = z
  .object({
    amount: z
      .number()
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER)
      .openapi({ description: "Positive integer, smallest currency unit", example: 4999 }),
    currency,
    payment_method: PaymentMethod,
    user: User,
    merchant: Merchant.optional(),
    session_id: z.string().min(1).max(255).optional().openapi({ description: "From POST /v1/device/session; unlocks device signals" }),
    metadata: Metadata.optional(),
    idempotency_key: z.string().optional().openapi({ description: "Same effect as the Idempotency-Key header" }),
    transaction_id: z
      .unknown()
      .optional()
      .openapi({ type: "string", description: "Accepted and ignored: the assessment's id is assigned by Argus" }),
    user_id: z.unknown().optional().openapi({ type: "string", description: "Accepted and ignored: the user is `user.id`" }),
  })
  .openapi("ScoreTransactionRequest");

export type ScoreBodyType = z.infer<typeof ScoreBody>;

export const SignalSchema = z.object({ name: z.string(), weight: z.enum(["low_risk", "medium_risk", "high_risk"]) }).openapi("Signal");
