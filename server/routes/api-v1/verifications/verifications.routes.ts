import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses, listSchema, paginationQuery } from "../../../http/openapi";
import { verificationStatuses } from "../../../db/schema";
import { VerifyRequestSchema } from "../../../domain/identity/request";
import { VerificationSchema } from "../../schemas/identity";

// Surface B verifications are the Surface A identity verification records, in the same store
// (server/domain/identity/README.md): same request body, `object: "verification"`, KYC_WRITE to
// create, KYC_READ to read.
const BVerification = VerificationSchema.extend({ object: z.literal("verification") }).openapi("Verification");
const tags = ["Verifications"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

export const createVerificationRoute = createRoute({
  method: "post",
  path: "/api/v1/verifications",
  tags,
  summary: "Create a verification (KYC_WRITE)",
  middleware: apiKeyRoute("b", "KYC_WRITE"),
  request: { body: { required: true, content: { "application/json": { schema: VerifyRequestSchema } } } },
  responses: {
    201: json(BVerification, "Final result"),
    202: json(BVerification, "Pending"),
    ...commonErrors,
    ...errorResponses(404, 409),
  },
});

export const listVerificationsRoute = createRoute({
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

export const getVerificationRoute = createRoute({
  method: "get",
  path: "/api/v1/verifications/{id}",
  tags,
  summary: "Read one verification with the submitted identity (KYC_READ or KYC_WRITE)",
  middleware: apiKeyRoute("b", "KYC_READ"),
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: json(BVerification.extend({ subject: z.record(z.string(), z.unknown()) }), "The verification"),
    ...commonErrors,
    ...errorResponses(404),
  },
});
