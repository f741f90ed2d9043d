// What other domain areas may use of alerts; they import it from here, never from its files.

export { type RaiseAlertInput, findOpenAlert, raiseAlerts } from "./raise";
export { type AlertRef, applyReview, heldElsewhere, linkAlertsToCase, lockAlerts } from "./review";
export { recordAlertBreaches } from "./sla-breach";
export { type AlertRow, serializeAlert, serializeAlertEvent } from "./serialize";
