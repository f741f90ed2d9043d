import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, scopeColumns } from "./columns";

export type PaymentCheck = { name: string; result: "pass" | "warn" | "fail"; detail?: string };

// Payment verification records (server/domain/scoring/README.md, "Payment verification"). No
// scoring happens; the card key and user feed the velocity_check of later verifications.
export const paymentVerifications = pgTable(
  "payment_verifications",
  {
    id: text("id").primaryKey(),
    ...scopeColumns,
    userId: text("user_id").notNull(),
    paymentMethodType: text("payment_method_type").notNull(),
    cardKey: text("card_key"),
    bankKey: text("bank_key"),
    amount: bigint("amount", { mode: "number" }),
    currency: text("currency"),
    status: text("status", { enum: ["valid", "suspicious", "invalid"] }).notNull(),
    checks: jsonb("checks").$type<PaymentCheck[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_verifications_user_idx").on(t.accountId, t.environment, t.userId, t.createdAt),
    index("payment_verifications_card_idx").on(t.accountId, t.environment, t.cardKey, t.createdAt),
  ],
);
