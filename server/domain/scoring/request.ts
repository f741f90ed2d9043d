import type { Scope } from "../../db/scope";
import { normalizeIp } from "./ip-ranges";

export const paymentMethodTypes = ["card", "wallet", "bank_transfer", "qr", "crypto"] as const;
export const walletTypes = ["apple_pay", "google_pay", "paypal"] as const;

/** The body of POST /v1/transactions/score (and of Surface B analyze), after validation. */
export type ScoreRequest = {
  amount: number;
  currency: string;
  payment_method: {
    type: (typeof paymentMethodTypes)[number];
    card_bin?: string;
    last_four?: string;
    expiry_month?: number;
    expiry_year?: number;
    wallet_type?: (typeof walletTypes)[number];
  };
  user: { id: string; email?: string; ip_address?: string; phone?: string };
  merchant?: { id?: string; category?: string };
  session_id?: string;
  metadata?: Record<string, string>;
};

/** What the engine works on: the request with its identifiers normalised, and the request's time. */
export type ScoreInput = {
  scope: Scope;
  /** The request's own time: every window is measured back from it. */
  at: Date;
  request: ScoreRequest;
  userId: string;
  currency: string;
  /** First six digits of the BIN + ":" + last four; null unless both are known. */
  cardKey: string | null;
  email: string | null;
  ip: string | null;
  sessionId: string | null;
};

/**
 * The card identity used for velocity, links and the blocklist. Six digits, not the 6–8 sent, so
 * the same card is one card whether the caller sends a 6- or an 8-digit BIN.
 */
export function cardKeyOf(bin: string | undefined, lastFour: string | undefined): string | null {
  return bin && lastFour ? `${bin.slice(0, 6)}:${lastFour}` : null;
}

export function normalizeEmail(email: string | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

export function toScoreInput(scope: Scope, request: ScoreRequest, at: Date): ScoreInput {
  const pm = request.payment_method;
  return {
    scope,
    at,
    request,
    userId: request.user.id,
    currency: request.currency.toUpperCase(),
    cardKey: cardKeyOf(pm.card_bin, pm.last_four),
    email: normalizeEmail(request.user.email),
    ip: request.user.ip_address ? normalizeIp(request.user.ip_address) : null,
    sessionId: request.session_id ?? null,
  };
}
