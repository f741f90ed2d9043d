import { createRouter } from "../../../http/router";
import { ApiError, notFound } from "../../../core/errors";
import { addEntry, listEntries, removeEntry, serializeEntry } from "../../../domain/blocklist/blocklist";
import { normalizeBlocklistValue } from "../../../domain/blocklist/values";
import { consoleScope } from "../../../http/key-scope";
import { addEntryRoute, listEntriesRoute, removeEntryRoute } from "./blocklist.routes";

export const blocklistRouter = createRouter()
  .openapi(listEntriesRoute, async (c) => {
    const q = c.req.valid("query");
    const scope = consoleScope(c);
    let value: string | undefined;
    if (q.value !== undefined && q.kind) {
      const n = normalizeBlocklistValue(q.kind, q.value);
      value = n.ok ? n.value : q.value;
    } else value = q.value;
    const page = await listEntries(c.get("db"), scope, { kind: q.kind, value, limit: q.limit, after: q.after });
    return c.json({ ...page, data: page.data.map(serializeEntry) }, 200);
  })
  .openapi(addEntryRoute, async (c) => {
    const body = c.req.valid("json");
    const n = normalizeBlocklistValue(body.kind, body.value);
    if (!n.ok) throw new ApiError("invalid_field_value", `value: ${n.message}.`, "value");
    const { row, created } = await addEntry(c.get("db"), consoleScope(c), {
      kind: body.kind,
      value: n.value,
      note: body.note,
      createdBy: c.get("analyst")!.analystId,
    });
    return created ? c.json(serializeEntry(row), 201) : c.json(serializeEntry(row), 200);
  })
  .openapi(removeEntryRoute, async (c) => {
    const row = await removeEntry(c.get("db"), consoleScope(c), c.req.valid("param").id);
    if (!row) throw notFound("blocklist entry", "id");
    return c.json({ ...serializeEntry(row), deleted: true as const }, 200);
  });
