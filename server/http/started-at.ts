import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

// When a scoring request reached its route: `latency_ms` is measured from here, so it covers the
// checks of the request (auth, limits, body) as the client sees them, not only the scoring.

const startedAt = new WeakMap<object, number>();

/** Marks the request's start (the first middleware of the scoring routes). */
export const stampStart: MiddlewareHandler<AppEnv> = async (c, next) => {
  startedAt.set(c, performance.now());
  await next();
};

/** The request's start as `performance.now()` time, or now when it was not marked. */
export const startedAtOf = (c: Context<AppEnv>): number => startedAt.get(c) ?? performance.now();
