"use server";

import { deleteWebhook } from "../api/webhooks";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { DeleteWebhookInputSchema } from "../schemas/webhook";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";
import { describeWebhookNow } from "./webhook-conflict";

// Deleting removes the endpoint, its delivery log and its pending deliveries at once (the API's
// DELETE); the dialog that calls this says so. Only the version the admin saw is deleted.
export const deleteWebhookAction = authedAction
  .metadata({ actionName: "deleteWebhook", minRole: "admin" })
  .inputSchema(DeleteWebhookInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput, ctx }) => {
    assertEnvironment(ctx.environment, parsedInput.environment);
    const deleted = await writeOrConflict(
      () => deleteWebhook(ctx.environment, parsedInput.id, parsedInput.version),
      () => describeWebhookNow(ctx.environment, parsedInput.id),
    );
    return { webhook_id: deleted.webhook_id, url: deleted.url };
  });
