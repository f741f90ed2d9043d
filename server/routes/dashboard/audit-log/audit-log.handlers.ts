import { createRouter } from "../../../http/router";
import { consoleScope } from "../../../http/key-scope";
import { ndjson } from "../../../http/ndjson";
import { auditEntries, auditLineJson } from "../../../domain/audit";
import { auditLogRoute } from "./audit-log.routes";

export const auditLogRouter = createRouter().openapi(auditLogRoute, (c) => {
  const q = c.req.valid("query");
  return ndjson(c, auditEntries(c.get("db"), consoleScope(c), { start: q.start_time, end: q.end_time }), auditLineJson) as never; // a streamed body is none of the typed JSON responses
});
