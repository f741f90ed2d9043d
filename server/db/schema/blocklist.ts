import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export const blocklistKinds = ["card", "bank_account", "email", "device", "ip"] as const;
export type BlocklistKind = (typeof blocklistKinds)[number];

// The account's blocklist: cards (bin + last four), bank accounts (routing + last four), e-mails,
// devices and IPs. Fed by confirmed_fraud decisions and curated through /api/v1/blocklist.
export const blocklistEntries = pgTable(
  "blocklist_entries",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    kind: text("kind", { enum: blocklistKinds }).notNull(),
    /** Normalised value (see server/domain/blocklist/values.ts). */
    value: text("value").notNull(),
    source: text("source", { enum: ["manual", "confirmed_fraud"] }).notNull(),
    /** The transaction whose confirmed_fraud decision added the entry. */
    transactionId: text("transaction_id"),
    note: text("note"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("blocklist_entries_value_idx").on(t.accountId, t.environment, t.kind, t.value),
    index("blocklist_entries_scope_created_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("blocklist_entries_transaction_idx").on(t.accountId, t.environment, t.transactionId),
  ],
);
