// What other domain areas may use of the lead's desk; they import it from here, never from its files.

export { workload, type WorkloadResource } from "./workload";
export {
  assignmentPolicyRow,
  replaceAssignmentPolicy,
  serializeAssignmentPolicy,
  type AssignmentPolicyInput,
  type AssignmentPolicyResource,
} from "./assignment-policy";
export { queueForecast, type QueueForecastResource } from "./queue-forecast";
export {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  setDefaultSavedView,
  updateSavedView,
  type SavedViewChanges,
  type SavedViewInput,
  type SavedViewResource,
  type Viewer,
} from "./saved-views";
export { viewAges, viewFilterChecks, viewSorts } from "./saved-view-filters";
