// What other domain areas may use of webhooks; they import it from here, never from its files.

export { WEBHOOK_FANOUT_JOB, emitWebhookEvent, emitWebhookEvents } from "./emit";
