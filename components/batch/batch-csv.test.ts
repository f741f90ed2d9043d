import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { MAX_BATCH_ROWS, type BatchRowOutcome } from "@/lib/schemas/batch";
import { csvColumns, templateCsv } from "./batch-columns";
import { checkHeader, parseBatchCsv, recordToRequest, resultsToCsv, validateRecord } from "./batch-csv";

const HEADER = "amount,currency,payment_method.type,user.id";

describe("recordToRequest", () => {
  it("nests dotted headers, types integer columns and leaves empty cells out", () => {
    expect(
      recordToRequest({
        amount: "4999",
        currency: "USD",
        "payment_method.type": "card",
        "payment_method.card_bin": "004242",
        "payment_method.expiry_month": "07",
        "payment_method.last_four": "",
        "user.id": "u1",
        "user.ip_address": "203.0.113.7",
        "merchant.category": "5732",
        session_id: "",
        "metadata.order_id": "o-1",
      }),
    ).toEqual({
      amount: 4999,
      currency: "USD",
      payment_method: { type: "card", card_bin: "004242", expiry_month: 7 },
      user: { id: "u1", ip_address: "203.0.113.7" },
      merchant: { category: "5732" },
      metadata: { order_id: "o-1" },
    });
  });

  it("keeps a non-integer amount as text so the schema reports it", () => {
    expect(recordToRequest({ amount: "49.99" })).toEqual({ amount: "49.99", payment_method: {}, user: {} });
  });
});

describe("checkHeader", () => {
  it("accepts the documented columns and metadata columns", () => {
    expect(checkHeader([...csvColumns.map((c) => c.name), "metadata.order_id"])).toEqual([]);
  });

  it("names missing, unknown, misspelt and duplicate columns", () => {
    const problems = checkHeader(["Amount", "currency", "currency", "user.id", "transaction_id", "colour", "metadata.has space"]);
    expect(problems).toContain('Unknown column "Amount". Column names are case-sensitive: did you mean "amount"?');
    expect(problems).toContain('The column "currency" appears twice.');
    expect(problems.some((p) => p.startsWith('Unknown column "transaction_id": Argus assigns transaction ids'))).toBe(true);
    expect(problems.some((p) => p.startsWith('Unknown column "colour"'))).toBe(true);
    expect(problems.some((p) => p.includes('"metadata.has space"'))).toBe(true);
    expect(problems).toContain('The required column "amount" is missing.');
    expect(problems).toContain('The required column "payment_method.type" is missing.');
  });
});

describe("validateRecord", () => {
  const valid = { amount: "1250", currency: "eur", "payment_method.type": "card", "user.id": "u1" };

  it("gives the body to send for a valid row", () => {
    expect(validateRecord(2, valid)).toEqual({
      row: 2,
      record: valid,
      body: { amount: 1250, currency: "eur", payment_method: { type: "card" }, user: { id: "u1" } },
      problems: [],
    });
  });

  it("reports each problem with its row number and column", () => {
    const result = validateRecord(7, {
      amount: "49.99",
      currency: "dollars",
      "payment_method.type": "wallet",
      "payment_method.expiry_month": "13",
      "user.id": "",
      "user.email": "not-an-email",
      "user.phone": "0044 20 7946 0000",
      "user.ip_address": "999.1.1.1",
    });
    expect(result.body).toBeUndefined();
    const byField = Object.fromEntries(result.problems.map((p) => [p.field, p.message]));
    expect(result.problems.every((p) => p.row === 7)).toBe(true);
    expect(byField.amount).toMatch(/whole number in the smallest currency unit/);
    expect(byField.currency).toMatch(/3-letter ISO 4217/);
    expect(byField["payment_method.expiry_month"]).toBe("must be 1 to 12");
    expect(byField["payment_method.wallet_type"]).toBe("is required when payment_method.type is wallet");
    expect(byField["user.id"]).toBe("is required");
    expect(byField["user.email"]).toBe("must be an e-mail address");
    expect(byField["user.phone"]).toMatch(/E\.164/);
    expect(byField["user.ip_address"]).toBe("must be an IPv4 or IPv6 address");
  });

  it("says a required value is missing rather than mistyped", () => {
    const result = validateRecord(3, { amount: "", currency: "USD", "payment_method.type": "", "user.id": "u" });
    expect(result.problems).toEqual([
      { row: 3, field: "amount", message: "is required" },
      { row: 3, field: "payment_method.type", message: "is required" },
    ]);
  });

  it("refuses zero and negative amounts", () => {
    expect(validateRecord(2, { ...valid, amount: "0" }).problems[0]).toEqual({ row: 2, field: "amount", message: "must be positive" });
    expect(validateRecord(2, { ...valid, amount: "-5" }).problems[0]?.field).toBe("amount");
  });
});

describe("parseBatchCsv", () => {
  it("parses the template without problems", () => {
    const parsed = parseBatchCsv(templateCsv);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((r) => [r.row, r.problems])).toEqual([
      [2, []],
      [3, []],
    ]);
    expect(parsed.rows[1]?.body?.payment_method).toEqual({ type: "wallet", wallet_type: "apple_pay" });
    expect(parsed.rows[0]?.body?.metadata).toEqual({ order_id: "order-1001" });
  });

  it("numbers rows as a spreadsheet does, skipping blank lines but not their numbers", () => {
    const parsed = parseBatchCsv(`\uFEFF${HEADER}\r\n100,USD,card,a\r\n\r\n,USD,card,b\r\n5,USD,card\r\n`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((r) => r.row)).toEqual([2, 4, 5]);
    expect(parsed.rows[1]?.problems).toEqual([{ row: 4, field: "amount", message: "is required" }]);
    expect(parsed.rows[2]?.problems).toEqual([{ row: 5, field: "row", message: "has 3 cells; the header has 4 columns" }]);
  });

  it("keeps quoted commas and leading zeros", () => {
    const parsed = parseBatchCsv(`${HEADER},payment_method.card_bin,metadata.note\n100,USD,card,u1,00123456,"a, b"\n`);
    expect(parsed.ok && parsed.rows[0]?.body).toMatchObject({ payment_method: { card_bin: "00123456" }, metadata: { note: "a, b" } });
  });

  it("stops at file problems before reading rows", () => {
    expect(parseBatchCsv("")).toEqual({ ok: false, problems: ["The file is empty: the first row must name the columns."] });
    expect(parseBatchCsv(`${HEADER}\n`)).toEqual({ ok: false, problems: ["The file has a header but no rows to score."] });
    const parsed = parseBatchCsv("amount,currency\n1,USD\n");
    expect(parsed.ok).toBe(false);
  });

  it(`refuses more than ${MAX_BATCH_ROWS} rows`, () => {
    const rows = Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, i) => `100,USD,card,u${i}`).join("\n");
    expect(parseBatchCsv(`${HEADER}\n${rows}`)).toEqual({
      ok: false,
      problems: ["The file has 1,001 rows; a batch takes at most 1,000. Split it into smaller files."],
    });
    const exactly = Array.from({ length: MAX_BATCH_ROWS }, (_, i) => `100,USD,card,u${i}`).join("\n");
    const parsed = parseBatchCsv(`${HEADER}\n${exactly}\n`);
    expect(parsed.ok && parsed.rows.length).toBe(MAX_BATCH_ROWS);
  });
});

describe("resultsToCsv", () => {
  it("writes one line per row with its outcome and its input, formulas neutralised", () => {
    const parsed = parseBatchCsv(
      `${HEADER},metadata.note\n100,USD,card,u1,=HYPERLINK("x")\n200,USD,card,u2,\n,USD,card,u3,\n300,USD,card,u4,\n`,
    );
    if (!parsed.ok) throw new Error("parse failed");
    const outcomes = new Map<number, BatchRowOutcome>([
      [
        2,
        {
          row: 2,
          status: "scored",
          result: {
            transaction_id: "txn_1",
            risk_score: 12,
            decision: "allow",
            signals: [{ name: "email_seen_before", weight: "low_risk" }],
          },
        },
      ],
      [
        3,
        {
          row: 3,
          status: "failed",
          error: { message: "Unsupported currency", code: "invalid_field_value", requestId: "req_9", param: "currency" },
        },
      ],
    ]);
    const lines = Papa.parse<string[]>(resultsToCsv(parsed.columns, parsed.rows, outcomes)).data.filter((line) => line.length > 1);
    expect(lines[0]).toEqual([
      "row",
      "status",
      "transaction_id",
      "risk_score",
      "decision",
      "signals",
      "error_field",
      "error_code",
      "error_message",
      "request_id",
      "input.amount",
      "input.currency",
      "input.payment_method.type",
      "input.user.id",
      "input.metadata.note",
    ]);
    expect(lines[1]?.slice(0, 6)).toEqual(["2", "scored", "txn_1", "12", "allow", "email_seen_before"]);
    expect(lines[1]?.[14]).toBe('\'=HYPERLINK("x")');
    expect(lines[2]?.slice(0, 10)).toEqual([
      "3",
      "failed",
      "",
      "",
      "",
      "",
      "currency",
      "invalid_field_value",
      "Unsupported currency",
      "req_9",
    ]);
    expect(lines[3]?.slice(0, 2)).toEqual(["4", "invalid"]);
    expect(lines[3]?.[8]).toBe("amount is required");
    expect(lines[4]?.slice(0, 2)).toEqual(["5", "not_sent"]);
  });
});
