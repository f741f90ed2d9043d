import type { AppDeps } from "../http/context";
import type { JobHandler } from "./runner";
import { maintenanceJobs } from "./maintenance";

/** Every job type this build knows, by name. Areas register their handlers here. */
export function jobHandlers(_deps: AppDeps): Record<string, JobHandler> {
  return { ...maintenanceJobs };
}
