// What other domain areas may use of keys; they import it from here, never from its files.

export { invalidateKeyCache } from "./key-cache";
