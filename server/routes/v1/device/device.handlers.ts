import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createRouter } from "../../../http/router";
import type { AppEnv } from "../../../http/context";
import { keyScope } from "../../../http/key-scope";
import { idempotent } from "../../../http/idempotency/idempotent";
import { normalizeIp } from "../../../domain/scoring/ip-ranges";
import { createDeviceSession } from "../../../domain/devices/sessions";
import { enqueueDetection } from "../../../domain/detection/trigger";
import type { DeviceEvidence } from "../../../domain/devices/device-id";
import { createSessionRoute } from "./device.routes";

/** The address the request came from: the first X-Forwarded-For address, else the connection's. */
function requestIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) {
    const ip = normalizeIp(forwarded);
    if (ip) return ip;
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeIp(address) : null;
  } catch {
    return null;
  }
}

function originHost(c: Context<AppEnv>): string | null {
  for (const h of ["origin", "referer"]) {
    const v = c.req.header(h);
    if (!v || v === "null") continue;
    try {
      return new URL(v).host;
    } catch {
      /* not a URL: ignore */
    }
  }
  return null;
}

export const deviceRouter = createRouter().openapi(createSessionRoute, async (c) => {
  const body = c.req.valid("json");
  const evidence: DeviceEvidence = {
    userAgent: body.user_agent ?? c.req.header("user-agent") ?? null,
    acceptLanguage: body.accept_language ?? c.req.header("accept-language") ?? null,
    clientHints: ["sec-ch-ua", "sec-ch-ua-platform", "sec-ch-ua-mobile", "sec-ch-ua-model"].map((h) => c.req.header(h) ?? ""),
    ip: body.ip_address ? normalizeIp(body.ip_address) : requestIp(c),
    fingerprint: body.device_fingerprint ?? null,
  };
  const scope = keyScope(c);
  const input = {
    pageUrl: body.page_url,
    userId: body.user_id,
    action: body.action,
    evidence,
    forwarded: { ip: body.ip_address !== undefined, userAgent: body.user_agent !== undefined },
    originHost: originHost(c),
  };
  // idempotent() runs the handler in a transaction: the session and its detection job commit together.
  return idempotent(c, { surface: "a" }, async (tx) => {
    const session = await createDeviceSession(tx, scope, input);
    await enqueueDetection(tx, c.get("deps").jobs, scope, "device_session", session.session_id);
    return { status: 201, body: session };
  });
});
