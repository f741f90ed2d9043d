import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";
import { createRouter } from "../http/router";
import { serveDocument } from "../http/openapi";
import { apiV1Routes } from "./api-v1";
import { dashboardRoutes } from "./dashboard";
import { systemRoutes } from "./system/system.routes";
import { v1Routes } from "./v1";

/** The operational routes (`/healthz`, `/readyz`, `/metrics`, `/docs`), mounted before everything. */
export { systemRoutes };

/** Surface A (`/v1`, `Authorization: Bearer <API_KEY>`), with its OpenAPI document. */
export function surfaceA(): OpenAPIHono<AppEnv> {
  const router = createRouter().route("/", v1Routes);
  serveDocument(router, {
    path: "/v1/openapi.json",
    title: "Argus API — Surface A",
    description:
      "Fraud prevention: scoring, payment verification, decisions, identity, watchlists, device sessions, events, alerts, cases, webhooks. Authenticate with `Authorization: Bearer <API_KEY>`.",
    security: "bearer",
  });
  return router;
}

/** Surface B (`/api/v1`): its API-key routes and the dashboard routes, in one OpenAPI document. */
export function surfaceB(): OpenAPIHono<AppEnv> {
  const router = createRouter().route("/", apiV1Routes).route("/", dashboardRoutes);
  serveDocument(router, {
    path: "/api/v1/openapi.json",
    title: "Argus API — Surface B",
    description:
      "Transaction analysis (live and labelled mode) and verifications with `X-Api-Key`; dashboard routes (API keys, analysts, policies) with the console's JWT. API keys are refused on dashboard routes.",
    security: "apiKey",
  });
  return router;
}
