import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, listSchema, paginationQuery } from "../../../http/openapi";
import { eventTypes } from "../../../db/schema";
import { timeQuery } from "../../../http/time-query";

export const EventSchema = z
  .object({
    object: z.literal("event"),
    event_id: z.string(),
    event_type: z.enum(eventTypes),
    transaction_id: z.string().nullable(),
    user_id: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .openapi("Event");

export const listEventsRoute = createRoute({
  method: "get",
  path: "/v1/events",
  tags: ["Events"],
  summary: "List events, newest first",
  middleware: apiKeyRoute("a", "events:read"),
  request: {
    query: z
      .object({
        transaction_id: z.string().min(1).optional(),
        user_id: z.string().min(1).optional(),
        event_type: z.enum(eventTypes).optional(),
        start_time: timeQuery("start", "ISO 8601; events created at or after"),
        end_time: timeQuery("end", "ISO 8601; events created before or at"),
        ...paginationQuery,
      })
      .superRefine((q, ctx) => {
        if (q.start_time && q.end_time && q.end_time < q.start_time) {
          ctx.addIssue({ code: "custom", path: ["end_time"], message: "must not be before start_time" });
        }
      }),
  },
  responses: {
    200: { description: "A page of events", content: { "application/json": { schema: listSchema(EventSchema, "EventList") } } },
    ...commonErrors,
  },
});
