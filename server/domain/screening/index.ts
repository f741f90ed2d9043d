// What other domain areas may use of screening; they import it from here, never from its files.

export { reviewScreening } from "./review";
export { type ScreeningRow, screenPerson } from "./screen-person";
