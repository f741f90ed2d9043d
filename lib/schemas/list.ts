import { z } from "zod";

// Paging a list: newest first, cursor pagination (the envelope itself is generated, lib/api/wire.ts).

/** What a list call takes: `limit` 1–100 (API default 20) and the previous page's `next_cursor`. */
export type PageParams = { limit?: number; after?: string };

export const PageParamsSchema = z.object({
  limit: z.number().int().min(1).max(100).optional(),
  after: z.string().min(1).max(1024).optional(),
});
