import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors } from "../../../http/openapi";
import { listSchema, paginationQuery } from "../../../http/pagination";
import { eventTypes } from "../../../db/schema";

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO 8601 instant; without a zone it is UTC. `wholeSecond` widens a bound given to the second (or coarser) to its last millisecond. */
const instant = (name: string, wholeSecond: boolean) =>
  z
    .string()
    .refine((v) => ISO.test(v) && !Number.isNaN(Date.parse(withZone(v))), { message: "must be an ISO 8601 timestamp, e.g. 2025-01-31T12:00:00Z" })
    .transform((v) => {
      const d = new Date(Date.parse(withZone(v)));
      if (!wholeSecond || ISO.exec(v)?.[1]) return d;
      // No fractional seconds: "before or at 12:00:00" includes 12:00:00.999. A date alone covers its day.
      return new Date(d.getTime() + (v.length <= 10 ? 86_399_999 : /T\d{2}:\d{2}(?:Z|[+-]|$)/i.test(v) ? 59_999 : 999));
    })
    .openapi({ type: "string", description: `ISO 8601; events created ${name}`, example: "2025-01-31T12:00:00Z" });

function withZone(v: string): string {
  if (v.length <= 10) return `${v}T00:00:00Z`;
  return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(v) ? v : `${v}Z`;
}

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
        start_time: instant("at or after", false).optional(),
        end_time: instant("before or at", true).optional(),
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
