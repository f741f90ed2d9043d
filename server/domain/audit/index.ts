// What other areas may use of the account's audit log; they import it from here, never from its files.

export { auditEntries, auditLineJson } from "./export";
export type { AuditLine } from "./sources";
