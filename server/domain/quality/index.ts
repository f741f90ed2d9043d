// What other domain areas may use of quality review; they import it from here, never from its files.

export { drawQualityReview } from "./draw";
