// What other domain areas may use of events; they import it from here, never from its files.

export { appendEvent, appendEvents } from "./append";
export { purgeExpiredEvidence, retentionScopes } from "./retention";
