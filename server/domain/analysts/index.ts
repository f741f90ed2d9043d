// What other domain areas may use of analysts; they import it from here, never from its files.

export { analystJobs } from "./jobs";
