import { createHmac } from "node:crypto";

/**
 * Keyed hashes of identity data, for finding reuse across user ids (one document, phone or
 * address behind several accounts) without a second copy of the raw value. Keyed with the
 * instance's secret, so a database dump alone cannot be brute-forced for short numbers.
 */
export function piiKey(secret: string, kind: "document" | "phone" | "address" | "email" | "registration", value: string): string {
  return createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");
}

/** Keeps the last four characters visible: enough for a reviewer to compare with a document. */
export function maskNumber(value: string): string {
  return value.length <= 4 ? "•".repeat(value.length) : `${"•".repeat(value.length - 4)}${value.slice(-4)}`;
}
