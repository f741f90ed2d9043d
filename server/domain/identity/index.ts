// What other domain areas may use of identity; they import it from here, never from its files.

export { settleChecks } from "./resolve";
