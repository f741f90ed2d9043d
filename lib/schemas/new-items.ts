import { z } from "zod";

/** The queues that tell the analyst what arrived since they were read (the "N new" notice). */
export const newItemsQueues = ["transactions", "cases", "alerts", "screenings"] as const;
export type NewItemsQueue = (typeof newItemsQueues)[number];

export const NewItemsInputSchema = z.object({
  queue: z.enum(newItemsQueues),
  /** The queue page's URL query string: the same filters the page read. */
  search: z.string().max(4000),
  /** When the page read the queue (ISO 8601 with milliseconds, the console server's clock). */
  since: z.iso.datetime({ precision: 3 }),
});
