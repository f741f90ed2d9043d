"use server";

import { z } from "zod";
import { listWebhookDeliveries } from "../api/webhooks";
import { PageParamsSchema } from "../schemas/list";
import { authedAction } from "./safe-action";

// The delivery log of one endpoint, a page at a time (newest attempt first), for the detail view.
export const listWebhookDeliveriesAction = authedAction
  .metadata({ actionName: "listWebhookDeliveries", minRole: "admin" })
  .inputSchema(PageParamsSchema.extend({ id: z.string().min(1).max(100), eventId: z.string().min(1).max(100).optional() }))
  .action(async ({ parsedInput: { id, ...page }, ctx }) => {
    const result = await listWebhookDeliveries(ctx.environment, id, page);
    return { ...result, environment: ctx.environment };
  });
