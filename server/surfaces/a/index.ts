import { createRouter } from "../../http/router";
import { serveDocument } from "../../http/openapi";

/** Surface A (`/v1`, `Authorization: Bearer <API_KEY>`): one router per resource is mounted here. */
export function surfaceA() {
  const router = createRouter();
  serveDocument(router, {
    path: "/v1/openapi.json",
    title: "Argus API — Surface A",
    description:
      "Fraud prevention: scoring, payment verification, decisions, identity, watchlists, device sessions, events, alerts, cases, webhooks. Authenticate with `Authorization: Bearer <API_KEY>`.",
    security: "bearer",
  });
  return router;
}
