import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "./http/context";
import type { Environment } from "./db/schema";
import { createRouter } from "./http/router";
import { requestContext } from "./http/request-context";
import { errorHandler, notFoundHandler } from "./http/error-handler";
import { surfaceA, surfaceB, systemRoutes } from "./routes";

export type AppOptions = {
  /** Extra routes mounted before the surfaces (tests of the platform's middleware use this). */
  extend?: (app: OpenAPIHono<AppEnv>) => void;
};

/**
 * One listener's application. Both listeners run the same routes; the environment the listener
 * was built for decides which keys authenticate and which rows are visible.
 */
export function createApp(deps: AppDeps, environment: Environment, opts: AppOptions = {}) {
  const app = createRouter();
  app.use("*", requestContext(deps, environment));
  app.route("/", systemRoutes);
  opts.extend?.(app);
  app.route("/", surfaceA());
  app.route("/", surfaceB());
  app.notFound(notFoundHandler);
  app.onError(errorHandler);
  return app;
}
