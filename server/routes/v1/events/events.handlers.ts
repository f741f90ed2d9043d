import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { listEvents } from "../../../domain/events/list";
import { listEventsRoute } from "./events.routes";

export const eventsRouter = createRouter().openapi(listEventsRoute, async (c) => {
  const q = c.req.valid("query");
  const page = await listEvents(c.get("db"), keyScope(c), {
    transactionId: q.transaction_id,
    userId: q.user_id,
    eventType: q.event_type,
    startTime: q.start_time,
    endTime: q.end_time,
    limit: q.limit,
    after: q.after,
  });
  return c.json(page, 200);
});
