import { createRouter } from "../../http/router";
import { serveDocument } from "../../http/openapi";
import { identityRouter } from "./identity";
import { alertsRouter } from "./alerts";
import { casesRouter } from "./cases";
import { webhooksRouter } from "./webhooks";
import { transactionsRouter } from "./transactions";
import { decisionsRouter } from "./decisions";
import { deviceRouter } from "./device";
import { eventsRouter } from "./events";

/** Surface A (`/v1`, `Authorization: Bearer <API_KEY>`): one router per resource is mounted here. */
export function surfaceA() {
  const router = createRouter();
  router.route("/", identityRouter);
  router.route("/", alertsRouter);
  router.route("/", casesRouter);
  router.route("/", webhooksRouter);
  router.route("/", transactionsRouter);
  router.route("/", decisionsRouter);
  router.route("/", deviceRouter);
  router.route("/", eventsRouter);
  serveDocument(router, {
    path: "/v1/openapi.json",
    title: "Argus API — Surface A",
    description:
      "Fraud prevention: scoring, payment verification, decisions, identity, watchlists, device sessions, events, alerts, cases, webhooks. Authenticate with `Authorization: Bearer <API_KEY>`.",
    security: "bearer",
  });
  return router;
}
