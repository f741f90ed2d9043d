// What other domain areas may use of detection; they import it from here, never from its files.

export { detectionJobs } from "./jobs";
export { DETECTION_DELAY_MS, detectionTriggerCtes, enqueueDetection } from "./trigger";
