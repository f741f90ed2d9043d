// What other domain areas may use of accounts; they import it from here, never from its files.

export { ensureAccount } from "./accounts";
