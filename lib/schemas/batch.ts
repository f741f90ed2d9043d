import { z } from "zod";
import { BATCH_CHUNK_SIZE } from "./batch-limits";
import { walletTypes, paymentMethodTypes, type ScoreResult } from "../api/wire";

// Batch CSV scoring: the body of POST /v1/transactions/score as the console validates
// it, before anything is sent, in the browser (each CSV row) and again in the server action (each
// chunk). The same schema on both sides: a row the page accepted is a row the action accepts.

export { BATCH_CHUNK_SIZE, BATCH_CONCURRENCY, MAX_BATCH_ROWS } from "./batch-limits";

const E164 = /^\+[1-9]\d{1,14}$/;
const METADATA_MAX_KEYS = 50;

const required = (what: string) => (issue: { input: unknown }) => (issue.input === undefined ? "is required" : what);
const optionalText = (max: number) => z.string().min(1).max(max, `must be at most ${max} characters`).optional();

const PaymentMethodSchema = z
  .strictObject({
    type: z.enum(paymentMethodTypes, { error: required(`must be one of ${paymentMethodTypes.join(", ")}`) }),
    card_bin: z
      .string()
      .regex(/^\d{6,8}$/, "must be the first 6 to 8 digits of the card number")
      .optional(),
    last_four: z
      .string()
      .regex(/^\d{4}$/, "must be the last 4 digits")
      .optional(),
    expiry_month: z
      .number({ error: "must be a month number, 1 to 12" })
      .int("must be a month number, 1 to 12")
      .min(1, "must be 1 to 12")
      .max(12, "must be 1 to 12")
      .optional(),
    expiry_year: z
      .number({ error: "must be a 4-digit year" })
      .int("must be a 4-digit year")
      .min(1000, "must be a 4-digit year")
      .max(9999, "must be a 4-digit year")
      .optional(),
    wallet_type: z.enum(walletTypes, { error: `must be one of ${walletTypes.join(", ")}` }).optional(),
  })
  .superRefine((method, ctx) => {
    if (method.type === "wallet" && method.wallet_type === undefined) {
      ctx.addIssue({ code: "custom", path: ["wallet_type"], message: "is required when payment_method.type is wallet" });
    }
  });

const UserSchema = z.strictObject({
  id: z
    .string({ error: required("must be text") })
    .min(1, "is required")
    .max(255, "must be at most 255 characters"),
  email: z.email("must be an e-mail address").max(254).optional(),
  ip_address: z.union([z.ipv4(), z.ipv6()], { error: "must be an IPv4 or IPv6 address" }).optional(),
  phone: z.string().regex(E164, "must be an E.164 number such as +14155550123").optional(),
});

const MerchantSchema = z.strictObject({ id: optionalText(255), category: optionalText(100) });

const MetadataSchema = z
  .record(z.string().min(1).max(40, "keys must be at most 40 characters"), z.string().max(500, "must be at most 500 characters"))
  .refine((metadata) => Object.keys(metadata).length <= METADATA_MAX_KEYS, `must have at most ${METADATA_MAX_KEYS} keys`);

/** One transaction to score: the score request's body, without `idempotency_key` (the action derives it). */
export const ScoreRequestSchema = z.strictObject({
  amount: z
    .number({ error: required("must be a whole number in the smallest currency unit (4999 for 49.99)") })
    .int("must be a whole number in the smallest currency unit (4999 for 49.99)")
    .positive("must be positive")
    .max(Number.MAX_SAFE_INTEGER),
  // Three letters here; whether the code names a currency is the API's call (it answers per row).
  currency: z.string({ error: required("must be a currency code") }).regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code such as USD"),
  payment_method: PaymentMethodSchema,
  user: UserSchema,
  merchant: MerchantSchema.optional(),
  session_id: optionalText(255),
  metadata: MetadataSchema.optional(),
});

export type ScoreRequest = z.infer<typeof ScoreRequestSchema>;

/** What the browser sends per action call: the batch's id and up to one chunk of valid rows. */
export const ScoreBatchChunkSchema = z.object({
  batchId: z.string().regex(/^[a-f0-9]{16,64}$/),
  rows: z
    .array(z.object({ row: z.number().int().min(2).max(1_000_000), body: ScoreRequestSchema }))
    .min(1)
    .max(BATCH_CHUNK_SIZE)
    .refine((rows) => new Set(rows.map((r) => r.row)).size === rows.length, "row numbers must be unique"),
});

export type ScoreBatchChunk = z.infer<typeof ScoreBatchChunkSchema>;

/**
 * The Idempotency-Key of one row: the batch's id (a fingerprint of the file) and the row's
 * number. Sending a row again (a retry, the same file uploaded again within the API's 24 hours)
 * replays its first result instead of scoring it twice.
 */
export function idempotencyKeyFor(batchId: string, row: number): string {
  return `argus-batch-${batchId}-row-${row}`;
}

// --- The answer -----------------------------------------------------------------------------

export type BatchRowError = { message: string; code?: string; requestId?: string; status?: number; param?: string };

export type BatchRowOutcome =
  | { row: number; status: "scored"; result: Pick<ScoreResult, "transaction_id" | "risk_score" | "decision" | "signals"> }
  | { row: number; status: "failed"; error: BatchRowError }
  /** Not sent: the rate limit was reached first. Send it again after `retryAfterSeconds`. */
  | { row: number; status: "deferred" };

export type ScoreBatchChunkResult = { outcomes: BatchRowOutcome[]; retryAfterSeconds: number | null };
