import { bigint, doublePrecision, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { mapRow } from "./map-row";

const t = pgTable("things", {
  id: text("id").primaryKey(),
  amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
  ratio: doublePrecision("ratio"),
  data: jsonb("data"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  seenAt: timestamp("seen_at", { mode: "date" }),
});

describe("mapRow", () => {
  it("renames database columns to properties and maps each value as drizzle's select does", () => {
    const row = mapRow(t, {
      id: "x1",
      amount_minor: "9007199254740",
      ratio: "0.25",
      data: '{"a":[1,2]}',
      created_at: "2026-11-26 05:00:00.123+00",
      seen_at: "2026-11-26 05:00:00",
    });
    expect(row).toEqual({
      id: "x1",
      amountMinor: 9007199254740,
      ratio: 0.25,
      data: { a: [1, 2] },
      createdAt: new Date("2026-11-26T05:00:00.123Z"),
      seenAt: new Date("2026-11-26T05:00:00Z"),
    });
  });

  it("keeps values a driver already parsed, and nulls", () => {
    const at = new Date("2026-01-02T03:04:05Z");
    expect(mapRow(t, { id: "x2", amount_minor: 5, ratio: null, data: { b: true }, created_at: at, seen_at: at })).toEqual({
      id: "x2",
      amountMinor: 5,
      ratio: null,
      data: { b: true },
      createdAt: at,
      seenAt: at,
    });
  });

  it("refuses a row that lacks a column (a select list that does not match the table)", () => {
    expect(() => mapRow(t, { id: "x3" })).toThrow(/no column amount_minor/);
  });
});
