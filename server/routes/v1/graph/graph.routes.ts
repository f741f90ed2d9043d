import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { DEFAULT_GRAPH_LIMIT, MAX_GRAPH_LIMIT, nodeFlags } from "../../../domain/graph/graph";
import { entityKinds } from "../../../domain/graph/links";

export const GraphNodeSchema = z
  .object({
    id: z.string().openapi({
      description: "`<type>:<value>`, e.g. `user:u_123`, `device:dev_…`, `card:411111:1111`, `ip:203.0.113.7`",
      example: "user:u_123",
    }),
    type: z.enum(["user", ...entityKinds]),
    label: z.string().openapi({
      description: "What to show: the user id, device id, `BIN •••• last4`, IP, e-mail; phones, addresses and documents masked",
    }),
    user_id: z.string().optional().openapi({ description: "On user nodes" }),
    flags: z.array(z.enum(nodeFlags)).openapi({
      description:
        "`blocked` (a user with a transaction whose final decision is block; an entity on the blocklist), `confirmed_fraud` (a fraud-labelled transaction of the user, or through the entity), `open_alert` (an open or acknowledged alert on the user, or keyed on the entity), `open_case` (a case of the user open or in review), `watchlist` (a match or possible match not cleared)",
    }),
  })
  .openapi("GraphNode");

export const GraphEdgeSchema = z
  .object({
    source: z.string().openapi({ description: "A user node's id" }),
    target: z.string().openapi({ description: "The id of the entity node the user used" }),
    type: z.enum(entityKinds),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    count: z.number().int().openapi({ description: "Records behind the link: transactions, device sessions or identity verifications" }),
  })
  .openapi("GraphEdge");

export const EntityGraphSchema = z
  .object({
    object: z.literal("entity_graph"),
    root: z.string().openapi({ description: "The id of the root user's node" }),
    nodes: z.array(GraphNodeSchema),
    edges: z.array(GraphEdgeSchema),
    truncated: z.boolean().openapi({
      description:
        "True when nodes were left out to keep within `limit`, or a busy entity's users were read from its latest 1,000 records only",
    }),
  })
  .openapi("EntityGraph");

const intIn = (min: number, max: number, fallback: number, description: string) =>
  z
    .string()
    .refine((v) => /^[0-9]+$/.test(v), { message: "must be an integer" })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback)
    .openapi({ type: "integer", minimum: min, maximum: max, default: fallback, description });

export const graphRoute = createRoute({
  method: "get",
  path: "/v1/graph",
  tags: ["Users"],
  summary:
    "The link graph around a user (an addition): users joined through shared devices, cards, IPs, e-mails, phones, addresses and documents",
  middleware: apiKeyRoute("a", "events:read"),
  request: {
    query: z.object({
      user_id: z.string().min(1).max(200).openapi({ description: "The root user" }),
      depth: z
        .enum(["1", "2"])
        .default("2")
        .transform(Number)
        .openapi({
          type: "integer",
          enum: [1, 2],
          default: 2,
          description:
            "1: the user and what they used; 2 (default): also the other users of those (two users of one device are two hops apart)",
        }),
      limit: intIn(1, MAX_GRAPH_LIMIT, DEFAULT_GRAPH_LIMIT, `Most nodes returned, 1 to ${MAX_GRAPH_LIMIT}, default ${DEFAULT_GRAPH_LIMIT}`),
    }),
  },
  responses: {
    200: { description: "The graph", content: { "application/json": { schema: EntityGraphSchema } } },
    ...commonErrors,
    ...errorResponses(404),
  },
});
