import type { ListedTransaction, Transaction, TransactionEvent } from "../api/wire";

// Transactions in the console's words: amounts, payment methods, risk and the summary a list shows.

/** The facts a `transaction.scored` event carries, read defensively: payloads vary. */
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
 * The band of a score against the account's thresholds at scoring time (the explanation's bands):
 * `low` below the challenge band, `medium` in it, `high` in the block band. Without them (a score
 * from before explanations were kept), the engine's decision says which band the score fell in.
 */
export function riskBandOf(score: number, bands: { block: number; challenge: number } | undefined, decision: string): RiskBand {
  if (!bands) return decision === "block" ? "high" : decision === "challenge" ? "medium" : "low";
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
    risk_level: riskBandOf(t.risk_score, t.explanation?.bands, t.decision),
    decision: t.final_decision,
    reviewed: t.decisions.length > 0,
    amount: t.amount,
    currency: t.currency,
    created_at: t.created_at,
  };
}

/** A summary from a row of `GET /v1/transactions` (no chain: `latest_decision` says if an analyst decided). */
export function summaryOfListedTransaction(t: ListedTransaction): TransactionSummary {
  return {
    transaction_id: t.transaction_id,
    user_id: t.user_id,
    risk_score: t.risk_score,
    risk_level: riskBandOf(t.risk_score, t.explanation?.bands, t.decision),
    decision: t.final_decision,
    reviewed: t.latest_decision !== null,
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
    risk_level:
      facts.riskLevel ?? (facts.riskScore !== null && facts.decision ? riskBandOf(facts.riskScore, undefined, facts.decision) : null),
    // A `transaction.blocked` event says no decision: the block is what it records.
    decision: facts.decision ?? (event.event_type === "transaction.blocked" ? "block" : null),
    reviewed: false,
    amount: facts.amount,
    currency: facts.currency,
    created_at: event.created_at,
  };
}
