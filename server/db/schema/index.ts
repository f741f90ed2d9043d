export * from "./columns";
export * from "./accounts";
export * from "./api-keys";
export * from "./analysts";
export * from "./idempotency";
export * from "./jobs";
export * from "./events";
export * from "./transactions";
