import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { changeRequired } from "../../../http/validation";
import { analystRoles, availabilities, sessionEndReasons, sessionMethods } from "../../../db/schema";
import { MIN_PASSWORD_LENGTH } from "../../../domain/analysts/analysts";

export const AnalystSchema = z
  .object({
    object: z.literal("analyst"),
    id: z.string(),
    account_id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(analystRoles),
    created_at: z.string(),
    last_sign_in_at: z.string().nullable(),
    disabled: z.boolean(),
    availability: z.enum(availabilities).openapi({ description: "`away`: takes no new work (auto-assignment skips them)" }),
    availability_changed_at: z.string().nullable(),
  })
  .openapi("Analyst");

export const AnalystSessionSchema = z
  .object({
    object: z.literal("analyst_session"),
    session_id: z.string(),
    method: z.enum(sessionMethods),
    created_at: z.string(),
    expires_at: z.string().openapi({ description: "The absolute end: 12 hours after sign-in" }),
    ended_at: z.string().nullable(),
    end_reason: z.enum(sessionEndReasons).nullable(),
    analyst: AnalystSchema,
  })
  .openapi("AnalystSession");

const tags = ["Dashboard: analysts"];
const sessionResponse = (description: string) => ({ description, content: { "application/json": { schema: AnalystSessionSchema } } });

// GET /api/v1/analysts
export const listAnalystsRoute = createRoute({
  method: "get",
  path: "/api/v1/analysts",
  tags,
  summary: "List the analysts of the account",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: {
    200: {
      description: "All analysts of the account, by e-mail",
      content: {
        "application/json": {
          schema: z.object({ object: z.literal("list"), data: z.array(AnalystSchema), has_more: z.boolean(), next_cursor: z.null() }),
        },
      },
    },
    ...commonErrors,
  },
});

// POST /api/v1/analysts
export const createAnalystRoute = createRoute({
  method: "post",
  path: "/api/v1/analysts",
  tags,
  summary: "Add an analyst to the account (admin)",
  middleware: consoleRoute("admin"),
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            email: z.email(),
            name: z.string().trim().min(1).max(200).optional(),
            role: z.enum(analystRoles),
            password: z.string().min(MIN_PASSWORD_LENGTH).max(200),
          }),
        },
      },
    },
  },
  responses: {
    201: { description: "The new analyst", content: { "application/json": { schema: AnalystSchema } } },
    ...commonErrors,
    ...errorResponses(422),
  },
});

// PATCH /api/v1/analysts/{id}
export const updateAnalystRoute = createRoute({
  method: "patch",
  path: "/api/v1/analysts/{id}",
  tags,
  summary: "Change an analyst's role, name, or disable them (admin)",
  description:
    "A new role or disabling ends every console session of the analyst at once. The account keeps at least one enabled administrator (422 otherwise).",
  middleware: consoleRoute("admin"),
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: "id", in: "path" } }),
    }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: changeRequired(
            z.object({
              role: z.enum(analystRoles).optional(),
              disabled: z.boolean().optional(),
              name: z.string().trim().min(1).max(200).optional(),
            }),
          ),
        },
      },
    },
  },
  responses: {
    200: { description: "The analyst", content: { "application/json": { schema: AnalystSchema } } },
    ...commonErrors,
    ...errorResponses(404, 422),
  },
});

// POST /api/v1/analysts/authenticate
export const authenticateRoute = createRoute({
  method: "post",
  path: "/api/v1/analysts/authenticate",
  tags,
  summary: "Sign an analyst of the console's account in with e-mail and password (console service token only)",
  description:
    "Starts a console session. An unknown e-mail, a wrong password, a disabled analyst and an analyst of another account are the same 401. Ten failures in a row lock the analyst for 15 minutes, counted atomically.",
  middleware: consoleRoute("console"),
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(200) }) } },
    },
  },
  responses: {
    200: sessionResponse("The new session and its analyst"),
    ...commonErrors,
  },
});

// POST /api/v1/analysts/resolve
export const resolveRoute = createRoute({
  method: "post",
  path: "/api/v1/analysts/resolve",
  tags,
  summary: "Sign in the enabled analyst of an e-mail address (the console's single sign-on; console service token only)",
  description:
    "The console calls this after an OpenID Connect provider proved the address, and a session starts. Nobody is created: an unknown or disabled analyst, or one of another account, is 404.",
  middleware: consoleRoute("console"),
  request: {
    body: { required: true, content: { "application/json": { schema: z.object({ email: z.string().min(3).max(320) }) } } },
  },
  responses: {
    200: sessionResponse("The new session and its analyst"),
    ...commonErrors,
    ...errorResponses(404),
  },
});

// GET /api/v1/analysts/session
export const currentSessionRoute = createRoute({
  method: "get",
  path: "/api/v1/analysts/session",
  tags,
  summary: "The session of the token, while it is live (the console asks on every request)",
  description: "401 once the session has ended: signed out, the analyst disabled or given a new role, or 12 hours after sign-in.",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: {
    200: sessionResponse("The live session, with the analyst's current role"),
    ...commonErrors,
  },
});

// DELETE /api/v1/analysts/session
export const endSessionRoute = createRoute({
  method: "delete",
  path: "/api/v1/analysts/session",
  tags,
  summary: "Sign out: end the session of the token",
  description: "Every token of the session is refused from then on, whichever client holds it.",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: {
    200: sessionResponse("The ended session"),
    ...commonErrors,
  },
});
