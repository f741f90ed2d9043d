"use server";

import { listNewQueueItems } from "../api/new-items";
import { NewItemsInputSchema } from "../schemas/new-items";
import { authedAction } from "./safe-action";

// What arrived in a queue since the page read it, for the queue's "N new" notice (lib/hooks/use-new-items.ts).
export const listNewQueueItemsAction = authedAction
  .metadata({ actionName: "listNewQueueItems" })
  .inputSchema(NewItemsInputSchema)
  .action(async ({ parsedInput: { queue, search, since }, ctx }) => {
    const page = await listNewQueueItems(ctx.environment, queue, search, since);
    return { ...page, environment: ctx.environment };
  });
