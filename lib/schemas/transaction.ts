import { z } from "zod";
import { DecisionRecordSchema } from "./decision";

// The transaction assessment of `GET /v1/transactions/{id}` (an Argus addition: spec 2.2 plus what
// was scored, the explanation and the decision chain; server/domain/scoring/README.md) and the
// events of its evidence trail (spec 2.8). Shared by server and client: shapes and labels only.

// Strings, not enums, wherever the API may add values later (spec 9.3): new signals, weights,
// decisions or payment methods must show, not break the page.
export const SignalSchema = z.object({ name: z.string(), weight: z.string() });
export type Signal = z.infer<typeof SignalSchema>;

export const ContributionSchema = z.object({
  name: z.string(),
  weight: z.string(),
  /** Catalogue points plus what labels taught (`learned`); reassuring signals are negative. */
  points: z.number(),
  learned: z.number(),
  detail: z.string(),
});
export type Contribution = z.infer<typeof ContributionSchema>;

export const ExplanationSchema = z.object({
  base: z.number(),
  contributions: z.array(ContributionSchema),
  bands: z.object({ block: z.number().int(), challenge: z.number().int() }),
  band_decision: z.string(),
  rule: z.object({ id: z.string(), name: z.string(), action: z.string() }).nullable(),
  policy_version: z.number().int(),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

export const TransactionSchema = z.object({
  object: z.literal("transaction_score"),
  transaction_id: z.string(),
  risk_score: z.number().int().min(0).max(100),
  decision: z.string(),
  signals: z.array(SignalSchema),
  latency_ms: z.number().int(),
  created_at: z.string(),
  model_version: z.string(),
  metadata: z.record(z.string(), z.string()),
  user_id: z.string(),
  // Optional: API versions before these fields existed did not return them.
  email: z.string().nullable().optional(),
  ip_address: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  payment_method: z.object({
    type: z.string(),
    card_bin: z.string().nullable(),
    last_four: z.string().nullable(),
    wallet_type: z.string().nullable(),
  }),
  merchant: z.object({ id: z.string().nullable(), category: z.string().nullable() }).nullable(),
  session_id: z.string().nullable(),
  device_id: z.string().nullable(),
  analysis_id: z.string().nullable(),
  label: z.string().nullable(),
  explanation: ExplanationSchema.nullable(),
  /** The latest manual decision, else the engine's. */
  final_decision: z.string(),
  /** Manual decisions, oldest first: the decision chain. */
  decisions: z.array(DecisionRecordSchema),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** An event of the log (spec 2.8); the payload's shape depends on `event_type`. */
export const TransactionEventSchema = z.object({
  object: z.literal("event").optional(),
  event_id: z.string(),
  event_type: z.string(),
  transaction_id: z.string().nullable(),
  user_id: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type TransactionEvent = z.infer<typeof TransactionEventSchema>;

/** `txn_` + a ULID (26 Crockford base32 characters), as the API assigns them. */
export const TRANSACTION_ID_PATTERN = /^txn_[0-9A-Za-z]{10,64}$/;

/** The lookup form: an id pasted with spaces or in upper case still opens the transaction. */
export const TransactionLookupSchema = z.object({
  id: z
    .string()
    .trim()
    .transform((value) => (value.toLowerCase().startsWith("txn_") ? `txn_${value.slice(4)}` : value))
    .pipe(z.string().regex(TRANSACTION_ID_PATTERN, "Enter a transaction id such as txn_01jd2x3y4z5a6b7c8d9e0f1g2h.")),
});

/** The facts a `transaction.scored` event carries (spec 2.8), read defensively: payloads vary. */
export type ScoredSummary = {
  riskScore: number | null;
  riskLevel: string | null;
  decision: string | null;
  amount: number | null;
  currency: string | null;
};

export function scoredSummary(payload: Record<string, unknown>): ScoredSummary {
  const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  const str = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    riskScore: num(payload.risk_score),
    riskLevel: str(payload.risk_level),
    decision: str(payload.decision),
    amount: num(payload.amount),
    currency: str(payload.currency),
  };
}

export type RiskBand = "low" | "medium" | "high";

/**
 * The band of a score against the account's thresholds (the API's `risk_level`: `low` below the
 * challenge band, `medium` in it, `high` in the block band). Default bands: challenge 40, block 75.
 */
export function riskBandOf(score: number, bands: { block: number; challenge: number } = { block: 75, challenge: 40 }): RiskBand {
  if (score >= bands.block) return "high";
  if (score >= bands.challenge) return "medium";
  return "low";
}

export const riskLevelLabels: Record<string, string> = { low: "Low risk", medium: "Medium risk", high: "High risk" };

export function riskLevelLabel(level: string): string {
  return riskLevelLabels[level] ?? level;
}

/** "4,999 USD" → "USD 49.99" in the currency's own minor units (JPY has none, BHD three). */
export function formatAmount(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat("en-GB", { style: "currency", currency, currencyDisplay: "code" });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    // A code Intl does not know: show the minor units as they are, never a wrong conversion.
    return `${amount.toLocaleString("en-GB")} ${currency} (minor units)`;
  }
}

export const paymentMethodLabels: Record<string, string> = {
  card: "Card",
  wallet: "Wallet",
  bank_transfer: "Bank transfer",
  qr: "QR payment",
  crypto: "Crypto",
};

export const walletLabels: Record<string, string> = { apple_pay: "Apple Pay", google_pay: "Google Pay", paypal: "PayPal" };

/**
 * The payment method for display, masked: the API keeps only the BIN and the last four digits, and
 * the console shows the BIN's first six (enough to recognise the issuer), never more.
 */
export function maskedPaymentMethod(pm: Transaction["payment_method"]): string {
  const type = paymentMethodLabels[pm.type] ?? pm.type;
  if (pm.type === "wallet" && pm.wallet_type) return `${type} · ${walletLabels[pm.wallet_type] ?? pm.wallet_type}`;
  if (pm.card_bin || pm.last_four) {
    const bin = pm.card_bin ? pm.card_bin.slice(0, 6) : "••••••";
    return `${type} · ${bin} •••••• ${pm.last_four ?? "••••"}`;
  }
  return type;
}

/** What a list or a case shows of one transaction: its score, band and the decision in force. */
export type TransactionSummary = {
  transaction_id: string;
  user_id: string | null;
  risk_score: number | null;
  risk_level: string | null;
  /** The decision in force: the latest analyst's, else the engine's. */
  decision: string | null;
  /** Whether an analyst decided (the chain is not empty). */
  reviewed: boolean;
  amount: number | null;
  currency: string | null;
  created_at: string;
};

/** A summary from the assessment itself (complete). */
export function summaryOfTransaction(t: Transaction): TransactionSummary {
  return {
    transaction_id: t.transaction_id,
    user_id: t.user_id,
    risk_score: t.risk_score,
    risk_level: riskBandOf(t.risk_score, t.explanation?.bands),
    decision: t.final_decision,
    reviewed: t.decisions.length > 0,
    amount: t.amount,
    currency: t.currency,
    created_at: t.created_at,
  };
}

/**
 * A summary from a `transaction.scored` (or `transaction.blocked`) event, completed by the
 * assessment when it could be read (the event has no amount, and its decision is the engine's,
 * not the one in force).
 */
export function summaryOfScoredEvent(event: TransactionEvent, assessment?: Transaction | null): TransactionSummary {
  if (assessment) return { ...summaryOfTransaction(assessment), created_at: event.created_at };
  const facts = scoredSummary(event.payload);
  return {
    transaction_id: event.transaction_id ?? event.event_id,
    user_id: event.user_id,
    risk_score: facts.riskScore,
    risk_level: facts.riskLevel ?? (facts.riskScore !== null ? riskBandOf(facts.riskScore) : null),
    // A `transaction.blocked` event says no decision: the block is what it records.
    decision: facts.decision ?? (event.event_type === "transaction.blocked" ? "block" : null),
    reviewed: false,
    amount: facts.amount,
    currency: facts.currency,
    created_at: event.created_at,
  };
}
