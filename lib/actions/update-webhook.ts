"use server";

import { returnServerError } from "next-safe-action";
import { updateWebhook } from "../api/webhooks";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import type { SafeError } from "../schemas/safe-error";
import { normaliseEvents, UpdateWebhookInputSchema } from "../schemas/webhook";
import { assertEnvironment, authedAction } from "./safe-action";
import { writeOrConflict } from "./version-conflict";
import { describeWebhookNow } from "./webhook-conflict";

// PATCH with only the fields the form changed (webhookPatch): the API re-checks the URL against
// SSRF rules only when it is sent. It applies to the version the admin saw: if another admin (or
// Argus, disabling it) changed the endpoint meanwhile, they are told how it stands and may redo.
export const updateWebhookAction = authedAction
  .metadata({ actionName: "updateWebhook", minRole: "admin" })
  .inputSchema(UpdateWebhookInputSchema.extend({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput: { environment, id, version, ...patch }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    if (Object.values(patch).every((value) => value === undefined)) {
      returnServerError<SafeError>({ message: "Nothing to save: no field was changed.", code: "nothing_changed", status: 400 });
    }
    const body = {
      url: patch.url,
      events: patch.events ? normaliseEvents(patch.events) : undefined,
      // An emptied description is cleared (null), as the API defines it.
      description: patch.description === undefined ? undefined : patch.description === "" ? null : patch.description,
      status: patch.status,
    };
    return writeOrConflict(
      () => updateWebhook(ctx.environment, id, version, body),
      () => describeWebhookNow(ctx.environment, id),
    );
  });
