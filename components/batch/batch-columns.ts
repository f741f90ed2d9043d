import { paymentMethodTypes, walletTypes } from "@/lib/api/wire";

// The CSV format of batch scoring: one row per transaction, one column per field of
// POST /v1/transactions/score, nested fields named with dots (`payment_method.card_bin`).
// Shown on the page, used to check headers, and written into the downloadable template.

export type CsvColumn = {
  name: string;
  required: boolean;
  /** Read as a whole number (the API's integer fields). */
  integer?: boolean;
  rule: string;
};

export const METADATA_PREFIX = "metadata.";

export const csvColumns: readonly CsvColumn[] = [
  { name: "amount", required: true, integer: true, rule: "Positive whole number in the smallest currency unit: 4999 for 49.99." },
  { name: "currency", required: true, rule: "ISO 4217 code, e.g. USD, EUR." },
  { name: "payment_method.type", required: true, rule: `One of ${paymentMethodTypes.join(", ")}.` },
  { name: "payment_method.card_bin", required: false, rule: "First 6 to 8 digits of the card number." },
  { name: "payment_method.last_four", required: false, rule: "Last 4 digits." },
  { name: "payment_method.expiry_month", required: false, integer: true, rule: "1 to 12." },
  { name: "payment_method.expiry_year", required: false, integer: true, rule: "4 digits." },
  { name: "payment_method.wallet_type", required: false, rule: `Required when the type is wallet: ${walletTypes.join(", ")}.` },
  { name: "user.id", required: true, rule: "Your id of the customer; builds their behavioural profile." },
  { name: "user.email", required: false, rule: "E-mail address." },
  { name: "user.ip_address", required: false, rule: "IPv4 or IPv6 address." },
  { name: "user.phone", required: false, rule: "E.164, e.g. +14155550123." },
  { name: "merchant.id", required: false, rule: "Enables merchant-specific rules." },
  { name: "merchant.category", required: false, rule: "MCC or category; applies category-specific models." },
  { name: "session_id", required: false, rule: "From a device session; unlocks device signals." },
];

export const csvColumnNames: ReadonlySet<string> = new Set(csvColumns.map((column) => column.name));
export const integerColumns: ReadonlySet<string> = new Set(csvColumns.filter((column) => column.integer).map((column) => column.name));
export const requiredColumns: readonly string[] = csvColumns.filter((column) => column.required).map((column) => column.name);

/**
 * The downloadable template: every column, and two example rows (a card and a wallet payment)
 * showing the formats. The example addresses are documentation ranges (RFC 5737).
 */
export const templateCsv = [
  [...csvColumns.map((column) => column.name), "metadata.order_id"].join(","),
  "4999,USD,card,424242,4242,12,2028,,customer_1001,ana@example.com,203.0.113.7,+14155550123,merchant_1,5732,,order-1001",
  "1250,EUR,wallet,,,,,apple_pay,customer_1002,,198.51.100.20,,,,,order-1002",
].join("\r\n");
