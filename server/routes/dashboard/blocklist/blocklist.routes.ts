import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { blocklistKinds } from "../../../db/schema";

const tags = ["Dashboard: blocklist"];

export const EntrySchema = z
  .object({
    object: z.literal("blocklist_entry"),
    id: z.string(),
    kind: z.enum(blocklistKinds),
    value: z.string(),
    source: z.enum(["manual", "confirmed_fraud"]),
    transaction_id: z.string().nullable(),
    note: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("BlocklistEntry");

export const AddEntryBody = z
  .object({
    kind: z.enum(blocklistKinds),
    value: z.string().min(1).max(320).openapi({
      description:
        "card `424242:4242` (BIN and last four), bank_account `011000015:6789` (routing and last four), e-mail, device `dev_…`, or IP",
    }),
    note: z.string().max(1000).optional(),
  })
  .openapi("AddBlocklistEntryRequest");

export const listEntriesRoute = createRoute({
  method: "get",
  path: "/api/v1/blocklist",
  tags,
  summary: "List the account's blocklist in this environment, newest first",
  middleware: consoleRoute("analyst", "lead", "admin"),
  request: { query: z.object({ kind: z.enum(blocklistKinds).optional(), value: z.string().min(1).optional(), ...paginationQuery }) },
  responses: {
    200: { description: "A page of entries", content: { "application/json": { schema: listSchema(EntrySchema, "BlocklistEntryList") } } },
    ...commonErrors,
  },
});

export const addEntryRoute = createRoute({
  method: "post",
  path: "/api/v1/blocklist",
  tags,
  summary: "Add an entry (lead or admin); adding an existing value returns it (200)",
  middleware: consoleRoute("lead", "admin"),
  request: { body: { required: true, content: { "application/json": { schema: AddEntryBody } } } },
  responses: {
    201: { description: "The new entry", content: { "application/json": { schema: EntrySchema } } },
    200: { description: "The value was already on the list", content: { "application/json": { schema: EntrySchema } } },
    ...commonErrors,
  },
});

export const removeEntryRoute = createRoute({
  method: "delete",
  path: "/api/v1/blocklist/{id}",
  tags,
  summary: "Remove an entry (lead or admin)",
  middleware: consoleRoute("lead", "admin"),
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: {
      description: "The removed entry",
      content: { "application/json": { schema: EntrySchema.extend({ deleted: z.literal(true) }) } },
    },
    ...commonErrors,
    ...errorResponses(404),
  },
});
