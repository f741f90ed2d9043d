"use server";

import { z } from "zod";
import { createWebhook } from "../api/webhooks";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { CreateWebhookInputSchema, normaliseEvents } from "../schemas/webhook";
import { assertEnvironment, authedAction } from "./safe-action";

// Returns the endpoint's signing secret this once: the API shows it only in this answer, and the
// console keeps it nowhere (no cache, no log). The browser shows it in a dialog and forgets it.
export const createWebhookAction = authedAction
  .metadata({ actionName: "createWebhook", minRole: "admin" })
  .inputSchema(
    CreateWebhookInputSchema.extend({
      environment: ConsoleEnvironmentSchema,
      // One per submitted payload: a double submit or a retry after a timeout registers one endpoint.
      idempotencyKey: z.uuid(),
    }),
  )
  .action(async ({ parsedInput: { environment, idempotencyKey, ...input }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return createWebhook(
      ctx.environment,
      { url: input.url, events: normaliseEvents(input.events), description: input.description === "" ? null : input.description },
      idempotencyKey,
    );
  });
