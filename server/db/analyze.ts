/**
 * `transactions` as an ANALYZE target, limited to the columns queries filter, join and group on.
 * Its JSON documents (signals, explanation, metadata) are most of what sampling this table costs,
 * and no plan depends on them: on the embedded database, where an ANALYZE blocks the one thread
 * that also serves requests, it is the difference between a pause of a tenth of a second and one
 * of a second once the table is large.
 */
export const TRANSACTIONS_ANALYZE_TARGET = `transactions (${[
  "id",
  "account_id",
  "environment",
  "user_id",
  "amount",
  "currency",
  "card_key",
  "ip_address",
  "email",
  "device_id",
  "session_id",
  "decision",
  "label",
  "risk_score",
  "created_at",
].join(", ")})`;

/** The ANALYZE target of a table: the column list above for `transactions`, the whole table otherwise. */
export const analyzeTarget = (table: string): string => (table === "transactions" ? TRANSACTIONS_ANALYZE_TARGET : table);
