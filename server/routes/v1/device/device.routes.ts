import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyRoute } from "../../../http/router";
import { commonErrors, errorResponses } from "../../../http/openapi";
import { sessionActions } from "../../../db/schema";
import { parseIp } from "../../../domain/scoring/ip-ranges";

// Spec 4.8: "full URL of the page", and sessions are "used mainly for mobile apps and native
// clients", whose screens are app links (`myapp://checkout`), not http(s) pages. So any scheme with
// a host is taken, except those that are not a page and could run or carry content where the URL is
// shown (javascript:, data:, vbscript:, file:, blob:).
const NOT_PAGES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:"]);
const isPageUrl = (v: string) => {
  try {
    const u = new URL(v);
    return !NOT_PAGES.has(u.protocol) && u.host !== "";
  } catch {
    return false;
  }
};

export const SessionBody = z
  .object({
    page_url: z
      .string()
      .max(2048)
      .refine(isPageUrl, { message: "must be a full URL with a host (an http(s) page or an app link such as myapp://checkout)" })
      .openapi({ description: "Full URL of the page or app screen", example: "https://shop.example.com/checkout" }),
    user_id: z.string().min(1).max(255).optional(),
    action: z.enum(sessionActions).optional(),
    device_fingerprint: z
      .string()
      .min(8)
      .max(256)
      .optional()
      .openapi({ description: "Addition: a native client's stable device identifier (install id); when sent, it alone derives device_id" }),
    user_agent: z.string().max(1024).optional().openapi({
      description: "Addition: the client's User-Agent, when the session is opened server-side (defaults to the request's header)",
    }),
    accept_language: z
      .string()
      .max(256)
      .optional()
      .openapi({ description: "Addition: the client's Accept-Language (defaults to the request's header)" }),
    ip_address: z
      .string()
      .max(64)
      .refine((v) => parseIp(v) !== null, { message: "must be an IPv4 or IPv6 address" })
      .optional()
      .openapi({
        description:
          "Addition: the client's IP. Without it, the request's own address (X-Forwarded-For, then the connection) is recorded only when the request speaks for the device itself (no user_agent in the body, and a client User-Agent or a device_fingerprint); a server calling for its customers should send it",
      }),
  })
  .openapi("CreateDeviceSessionRequest");

export const DeviceSessionSchema = z
  .object({
    object: z.literal("device_session"),
    session_id: z.string(),
    expires_at: z.string(),
    device_id: z.string(),
    device_trusted: z.boolean(),
    device_identified: z.boolean().openapi({
      description:
        "Addition: false when the request carried nothing that identifies a device (no device_fingerprint and no client User-Agent, e.g. a server calling without forwarding them); device_id is then this session's own and has no history",
    }),
    user_id: z.string().nullable(),
    action: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("DeviceSession");

export const createSessionRoute = createRoute({
  method: "post",
  path: "/v1/device/session",
  tags: ["Device"],
  summary: "Open a device session (30 minutes)",
  middleware: apiKeyRoute("a", "device:write"),
  request: { body: { required: true, content: { "application/json": { schema: SessionBody } } } },
  responses: {
    201: { description: "The device session", content: { "application/json": { schema: DeviceSessionSchema } } },
    ...commonErrors,
    ...errorResponses(409),
  },
});
