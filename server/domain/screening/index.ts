// What other domain areas may use of screening; they import it from here, never from its files.

export { reviewScreening } from "./review";
export { type ScreeningRow, screenPerson } from "./screen-person";
export { serializeScreening } from "./serialize";
export { lockGroup, OPEN_REVIEW_STATES, twinsOf, type Twin } from "./twins";
export { subjectKey } from "./subject-key";
