import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "./text-limits";
import { type WebhookEndpoint, ALL_EVENTS, webhookEventTypes } from "../api/wire";

// The webhook endpoint forms (`/v1/webhooks`: create, edit, delete). The signing `secret` exists
// only in the create answer and reaches the browser in that one response.

// ---- input (shared by the forms and the actions) ----

const urlField = z
  .string()
  .trim()
  .min(1, { error: "Enter the URL Argus should send events to." })
  .max(TEXT_LIMITS.webhookUrl, { error: tooLongMessage(TEXT_LIMITS.webhookUrl) })
  .superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * What the console can tell about a target URL before asking the API. Only the shape: whether the
 * host is public (SSRF protection) is the API's decision, made on resolved addresses; `http` is
 * left to the API too, which allows it only when told to (development receivers).
 */
export function urlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter an absolute URL, e.g. https://example.com/argus/webhooks.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https://.";
  if (url.username || url.password) return "The URL must not contain a user name or password.";
  if (!url.hostname) return "The URL must name a host.";
  return null;
}

const eventsField = z
  .array(z.enum([...webhookEventTypes, ALL_EVENTS]))
  .min(1, { error: "Choose at least one event type, or all events." })
  .max(20, { error: "At most 20 event types." });

const descriptionField = z
  .string()
  .trim()
  .max(TEXT_LIMITS.webhookDescription, { error: tooLongMessage(TEXT_LIMITS.webhookDescription) });

export const CreateWebhookInputSchema = z.object({
  url: urlField,
  events: eventsField,
  description: descriptionField.default(""),
});

export type CreateWebhookInput = z.input<typeof CreateWebhookInputSchema>;

/** The edit form: the same fields, and whether the endpoint receives events. */
export const WebhookDraftSchema = CreateWebhookInputSchema.extend({ status: z.enum(["enabled", "disabled"]) });

export const UpdateWebhookInputSchema = z.object({
  id: z.string().min(1).max(100),
  /** The version the page showed (If-Match). */
  version: z.number().int().min(1),
  url: urlField.optional(),
  events: eventsField.optional(),
  // "" clears the description (sent as null).
  description: descriptionField.optional(),
  status: z.enum(["enabled", "disabled"]).optional(),
});

export type UpdateWebhookInput = z.input<typeof UpdateWebhookInputSchema>;

export const DeleteWebhookInputSchema = z.object({ id: z.string().min(1).max(100), version: z.number().int().min(1) });

/**
 * The PATCH body of an edit: only what changed, so an unchanged URL is not re-checked and a
 * concurrent change to another field is not overwritten. Empty when nothing changed.
 */
export function webhookPatch(
  current: Pick<WebhookEndpoint, "url" | "events" | "description" | "status">,
  draft: { url: string; events: readonly string[]; description: string; status: "enabled" | "disabled" },
): Omit<UpdateWebhookInput, "id" | "version"> {
  const patch: Omit<UpdateWebhookInput, "id" | "version"> = {};
  const url = draft.url.trim();
  if (url !== current.url) patch.url = url;
  const events = normaliseEvents(draft.events);
  if (!sameSet(events, normaliseEvents(current.events))) patch.events = events as UpdateWebhookInput["events"];
  const description = draft.description.trim();
  if (description !== (current.description ?? "")) patch.description = description;
  if (draft.status !== current.status) patch.status = draft.status;
  return patch;
}

/** As the API stores them: `*` alone when it is present, no duplicates, catalogue order. */
export function normaliseEvents(events: readonly string[]): string[] {
  if (events.includes(ALL_EVENTS)) return [ALL_EVENTS];
  const known = webhookEventTypes.filter((type) => events.includes(type));
  const unknown = [...new Set(events.filter((type) => !(webhookEventTypes as readonly string[]).includes(type)))];
  return [...known, ...unknown];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
