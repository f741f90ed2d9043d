import { createRoute, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { apiKeyRoute, createRouter } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { idempotent } from "../../../http/idempotency/idempotent";
import { keyset, toPage } from "../../../core/pagination";
import { identityVerifications, verificationStatuses } from "../../../db/schema";
import { inScope } from "../../../db/scope";
import { VerifyRequestSchema } from "../../../domain/identity/request";
import { submitVerification } from "../../../domain/identity/verify";
import { serializeSubject, serializeVerification } from "../../../domain/identity/serialize";
import { VerificationSchema } from "../../a/identity/schemas";
import { keyScope as scopeOf } from "../../../http/key-scope";
import { getVerification } from "../../../domain/identity/find";

// Surface B verifications are the Surface A identity verification records, in the same store
// (DESIGN.md): same request body, `object: "verification"`, KYC_WRITE to create, KYC_READ to read.
const BVerification = VerificationSchema.extend({ object: z.literal("verification") }).openapi("Verification");
const tags = ["Verifications"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

const createVerification = createRoute({
  method: "post",
  path: "/api/v1/verifications",
  tags,
  summary: "Create a verification (KYC_WRITE)",
  middleware: apiKeyRoute("b", "KYC_WRITE"),
  request: { body: { required: true, content: { "application/json": { schema: VerifyRequestSchema } } } },
  responses: { 201: json(BVerification, "Final result"), 202: json(BVerification, "Pending"), ...commonErrors, ...errorResponses(404, 409) },
});

const listVerifications = createRoute({
  method: "get",
  path: "/api/v1/verifications",
  tags,
  summary: "List verifications (KYC_READ or KYC_WRITE)",
  middleware: apiKeyRoute("b", "KYC_READ"),
  request: {
    query: z.object({
      status: z.enum(verificationStatuses).optional(),
      user_id: z.string().optional(),
      type: z.enum(["individual", "business"]).optional(),
      ...paginationQuery,
    }),
  },
  responses: { 200: json(listSchema(BVerification, "VerificationList"), "A page of verifications, newest first"), ...commonErrors },
});

const getVerificationRoute = createRoute({
  method: "get",
  path: "/api/v1/verifications/{id}",
  tags,
  summary: "Read one verification with the submitted identity (KYC_READ or KYC_WRITE)",
  middleware: apiKeyRoute("b", "KYC_READ"),
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: json(BVerification.extend({ subject: z.record(z.string(), z.unknown()) }), "The verification"), ...commonErrors, ...errorResponses(404) },
});

export const verificationsRouter = createRouter()
  .openapi(createVerification, (c) =>
    idempotent(c, { surface: "a" }, async (db) => {
      const row = await submitVerification(db, { scope: scopeOf(c), deps: c.get("deps") }, c.req.valid("json"));
      return { status: row.status === "pending" ? 202 : 201, body: serializeVerification(row, "verification") };
    }),
  )
  .openapi(listVerifications, async (c) => {
    const q = c.req.valid("query");
    const page = keyset({ createdAt: identityVerifications.createdAt, id: identityVerifications.id }, q.after);
    const rows = await c
      .get("db")
      .select()
      .from(identityVerifications)
      .where(
        inScope(
          identityVerifications,
          scopeOf(c),
          and(
            q.status ? eq(identityVerifications.status, q.status) : undefined,
            q.user_id ? eq(identityVerifications.userId, q.user_id) : undefined,
            q.type ? eq(identityVerifications.type, q.type) : undefined,
          ),
          page.where,
        ),
      )
      .orderBy(...page.orderBy)
      .limit(q.limit + 1);
    return c.json(toPage(rows, q.limit, (r) => serializeVerification(r, "verification")), 200);
  })
  .openapi(getVerificationRoute, async (c) => {
    const row = await getVerification(c.get("db"), scopeOf(c), c.req.valid("param").id);
    return c.json({ ...serializeVerification(row, "verification"), subject: serializeSubject(row) }, 200);
  });
