// What other domain areas may use of detection; they import it from here, never from its files.

export { DETECTION_DELAY_MS, detectionTriggerCtes, enqueueDetection } from "./trigger";
