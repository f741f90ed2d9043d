import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppDeps, AppEnv } from "./context";
import type { Environment } from "../db/schema";
import { newId } from "../core/ids";

/** The route template a request matched, for metrics and logs ("unmatched" for 404s). */
export function routeTemplate(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const r = routes[i];
    if (r && r.method !== "ALL") return r.path;
  }
  return "unmatched";
}

/** First middleware: request id, per-request state, access log and metrics. */
export function requestContext(deps: AppDeps, environment: Environment): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = newId("req");
    c.set("requestId", requestId);
    c.set("deps", deps);
    c.set("environment", environment);
    c.set("surface", "none");
    c.set("db", deps.database.db);
    c.set("log", deps.logger.child({ request_id: requestId }));
    c.header("Request-Id", requestId);
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = routeTemplate(c);
    const status = c.res.status;
    deps.metrics.observe({ method: c.req.method, route, status: String(status), environment }, seconds);
    const line = {
      method: c.req.method,
      route,
      path: c.req.path,
      status,
      ms: Math.round(seconds * 10000) / 10,
      environment,
      key_id: c.get("key")?.keyId,
      analyst_id: c.get("analyst")?.analystId,
    };
    if (status >= 500) c.get("log").error(line, "request failed");
    else c.get("log").debug(line, "request");
  };
}
