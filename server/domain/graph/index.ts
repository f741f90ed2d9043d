// What other domain areas may use of graph; they import it from here, never from its files.

export { type EntityKind, type Link, entitiesOfUser } from "./links";
