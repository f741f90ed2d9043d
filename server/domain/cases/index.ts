// What other domain areas may use of cases; they import it from here, never from its files.

export { recordCaseBreaches } from "./sla-breach";
