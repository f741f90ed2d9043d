import { createRoute, z } from "@hono/zod-openapi";
import { consoleRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { analystRoles } from "../../../db/schema";
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
  })
  .openapi("Analyst");

const tags = ["Dashboard: analysts"];

export const listAnalystsRoute = createRoute({
  method: "get",
  path: "/api/v1/analysts",
  tags,
  summary: "List the analysts of the account",
  middleware: consoleRoute("analyst", "lead", "admin"),
  responses: {
    200: {
      description: "All analysts of the account, by e-mail",
      content: { "application/json": { schema: z.object({ object: z.literal("list"), data: z.array(AnalystSchema), has_more: z.boolean(), next_cursor: z.null() }) } },
    },
    ...commonErrors,
  },
});

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

export const authenticateRoute = createRoute({
  method: "post",
  path: "/api/v1/analysts/authenticate",
  tags,
  summary: "Check an analyst's e-mail and password (the console's sign-in; console service token only)",
  middleware: consoleRoute("console"),
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(200) }) } },
    },
  },
  responses: {
    200: { description: "The analyst", content: { "application/json": { schema: AnalystSchema } } },
    ...commonErrors,
  },
});

export const resolveRoute = createRoute({
  method: "post",
  path: "/api/v1/analysts/resolve",
  tags,
  summary: "Find the enabled analyst of an e-mail address (the console's single sign-on; console service token only)",
  description:
    "The console calls this after an OpenID Connect provider proved the address. Nobody is created: an unknown or disabled analyst is 404.",
  middleware: consoleRoute("console"),
  request: {
    body: { required: true, content: { "application/json": { schema: z.object({ email: z.string().min(3).max(320) }) } } },
  },
  responses: {
    200: { description: "The analyst", content: { "application/json": { schema: AnalystSchema } } },
    ...commonErrors,
    ...errorResponses(404),
  },
});
