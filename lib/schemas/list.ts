import { z } from "zod";

// The list envelope of every Argus list (spec 4.1): newest first, cursor pagination.
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  });
}

export type ListPage<T> = { object: "list"; data: T[]; has_more: boolean; next_cursor: string | null };

/** What a list call takes: `limit` 1–100 (API default 20) and the previous page's `next_cursor`. */
export type PageParams = { limit?: number; after?: string };

export const PageParamsSchema = z.object({
  limit: z.number().int().min(1).max(100).optional(),
  after: z.string().min(1).max(1024).optional(),
});
