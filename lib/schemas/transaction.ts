// The transaction lookup form: an id typed or pasted, as the API assigns them. Plain code, not a
// zod schema: the form is on the transactions page, whose first load should not carry zod.

/** `txn_` + a ULID (26 Crockford base32 characters), as the API assigns them. */
export const TRANSACTION_ID_PATTERN = /^txn_[0-9A-Za-z]{10,64}$/;

export const TRANSACTION_ID_MESSAGE = "Enter a transaction id such as txn_01jd2x3y4z5a6b7c8d9e0f1g2h.";

/** The lookup form: an id pasted with spaces or in upper case still opens the transaction; null when it is not an id. */
export function transactionIdOf(raw: string): string | null {
  const value = raw.trim();
  const id = value.toLowerCase().startsWith("txn_") ? `txn_${value.slice(4)}` : value;
  return TRANSACTION_ID_PATTERN.test(id) ? id : null;
}
