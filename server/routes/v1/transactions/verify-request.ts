import { z } from "@hono/zod-openapi";
import { isMaskedAccountNumber } from "../../../domain/payments/formats";
import { isCurrency } from "../../schemas/score-request";

// POST /v1/transactions/verify (server/domain/scoring/README.md, "Payment verification").
const PaymentMethod = z
  .object({
    type: z.enum(["card", "bank_account", "wallet"]),
    card_bin: z
      .string()
      .regex(/^\d{6,8}$/, "must be 6 to 8 digits")
      .optional()
      .openapi({ description: "Required for `card`; 6 to 8 digits" }),
    last_four: z
      .string()
      .regex(/^\d{4}$/, "must be 4 digits")
      .optional(),
    bank_account_number: z
      .string()
      .max(64)
      .refine(isMaskedAccountNumber, { message: "must be masked: at most the last four digits visible, the rest masked with *, x or •" })
      .optional()
      .openapi({ description: "Masked form only, e.g. ****6789", example: "****6789" }),
    routing_number: z.string().max(32).optional().openapi({ description: "ABA routing number; checked by routing_check" }),
  })
  .superRefine((pm, ctx) => {
    if (pm.type === "card" && pm.card_bin === undefined) {
      ctx.addIssue({ code: "custom", path: ["card_bin"], message: "is required for cards", params: { code: "missing_required_field" } });
    }
  });

export const VerifyBody = z
  .object({
    payment_method: PaymentMethod,
    user_id: z.string().min(1).max(255),
    amount: z
      .number()
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER)
      .optional()
      .openapi({ description: "Smallest currency unit; enables amount-aware checks" }),
    currency: z
      .string()
      .refine(isCurrency, { message: "must be an ISO 4217 currency code" })
      .optional()
      .openapi({ description: "Required when amount is given" }),
  })
  .superRefine((b, ctx) => {
    if (b.amount !== undefined && b.currency === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["currency"],
        message: "is required when amount is given",
        params: { code: "missing_required_field" },
      });
    }
  })
  .openapi("VerifyPaymentRequest");

export type VerifyBodyType = z.infer<typeof VerifyBody>;

export const VerificationSchema = z
  .object({
    object: z.literal("payment_verification"),
    verification_id: z.string(),
    status: z.enum(["valid", "suspicious", "invalid"]),
    checks: z.array(z.object({ name: z.string(), result: z.enum(["pass", "warn", "fail"]), detail: z.string().optional() })),
    created_at: z.string(),
  })
  .openapi("PaymentVerification");
