import { describe, expect, it } from "vitest";
import { BATCH_CHUNK_SIZE, idempotencyKeyFor, ScoreBatchChunkSchema, ScoreRequestSchema } from "./batch";

const body = { amount: 100, currency: "USD", payment_method: { type: "card" }, user: { id: "u1" } };

describe("idempotencyKeyFor", () => {
  it("depends only on the batch and the row, so a retried row replays", () => {
    expect(idempotencyKeyFor("ab12", 7)).toBe("argus-batch-ab12-row-7");
    expect(idempotencyKeyFor("ab12", 7)).toBe(idempotencyKeyFor("ab12", 7));
    expect(idempotencyKeyFor("ab12", 7)).not.toBe(idempotencyKeyFor("ab12", 8));
    expect(idempotencyKeyFor("ab12", 7)).not.toBe(idempotencyKeyFor("cd34", 7));
  });
});

describe("ScoreRequestSchema", () => {
  it("accepts the score request's body", () => {
    expect(
      ScoreRequestSchema.safeParse({ ...body, payment_method: { type: "wallet", wallet_type: "paypal" }, metadata: { a: "b" } }).success,
    ).toBe(true);
  });

  it("refuses fields the request does not have (the action is a public endpoint)", () => {
    expect(ScoreRequestSchema.safeParse({ ...body, idempotency_key: "x" }).success).toBe(false);
    expect(ScoreRequestSchema.safeParse({ ...body, user: { id: "u1", role: "admin" } }).success).toBe(false);
  });
});

describe("ScoreBatchChunkSchema", () => {
  const batchId = "0123456789abcdef0123456789abcdef";

  it("takes up to one chunk of numbered rows", () => {
    expect(ScoreBatchChunkSchema.safeParse({ batchId, rows: [{ row: 2, body }] }).success).toBe(true);
    const tooMany = Array.from({ length: BATCH_CHUNK_SIZE + 1 }, (_, i) => ({ row: i + 2, body }));
    expect(ScoreBatchChunkSchema.safeParse({ batchId, rows: tooMany }).success).toBe(false);
  });

  it("refuses duplicate row numbers, bad batch ids and empty chunks", () => {
    expect(
      ScoreBatchChunkSchema.safeParse({
        batchId,
        rows: [
          { row: 2, body },
          { row: 2, body },
        ],
      }).success,
    ).toBe(false);
    expect(ScoreBatchChunkSchema.safeParse({ batchId: "not hex!", rows: [{ row: 2, body }] }).success).toBe(false);
    expect(ScoreBatchChunkSchema.safeParse({ batchId, rows: [] }).success).toBe(false);
  });
});
