import "server-only";

import { getWebhook } from "../api/webhooks";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { CurrentState } from "./version-conflict";

/** The endpoint as it is now, in words, after someone else changed it. */
export async function describeWebhookNow(environment: ConsoleEnvironment, id: string): Promise<CurrentState> {
  const now = await getWebhook(environment, id);
  const status = now.status === "enabled" ? "enabled" : now.disabled_reason ? "disabled by Argus after failed deliveries" : "disabled";
  return {
    version: now.version,
    changes: [
      `It is now ${status}, sends to ${now.url}, for ${now.events.includes("*") ? "every event" : now.events.join(", ")}${now.description ? ` (“${now.description}”)` : ""}.`,
    ],
  };
}
