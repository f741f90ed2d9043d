// What other domain areas may use of alerts; they import it from here, never from its files.

export { type RaiseAlertInput, findOpenAlert, raiseAlerts } from "./raise";
