import { z } from "zod";

// The transaction lookup form: an id typed or pasted, as the API assigns them.

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
