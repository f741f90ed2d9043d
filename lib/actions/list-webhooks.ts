"use server";

import { listWebhooks } from "../api/webhooks";
import { PageParamsSchema } from "../schemas/list";
import { authedAction } from "./safe-action";

// A read, as an action: the browser's TanStack Query fetches further pages through it, since the
// browser never talks to the API itself.
export const listWebhooksAction = authedAction
  .metadata({ actionName: "listWebhooks", minRole: "admin" })
  .inputSchema(PageParamsSchema)
  .action(async ({ parsedInput, ctx }) => {
    const page = await listWebhooks(ctx.environment, parsedInput);
    return { ...page, environment: ctx.environment };
  });
