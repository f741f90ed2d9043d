import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { validationHook } from "./validation";
import { guard } from "./guard";
import { consoleAuth } from "./console-auth";
import { limitBody, parseJsonBody } from "./json-body";
import { refuseUnstorableParams } from "./storable-text";
import type { Scope } from "../domain/keys/scopes";
import type { AnalystRole } from "../db/schema";

/** Every router is built here so that validation failures always become the specified 400s. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
}

/**
 * Middleware of an API-key route: auth (401), rate limit and scope (403/429), then the body
 * (413/400) and text that cannot be stored in the query, path or body (400/404).
 */
export function apiKeyRoute(surface: "a" | "b", ...scopes: Scope[]): MiddlewareHandler<AppEnv>[] {
  return [guard(surface, ...scopes), limitBody, parseJsonBody, refuseUnstorableParams];
}

/** Middleware of a console (dashboard) route of Surface B. */
export function consoleRoute(...roles: (AnalystRole | "console")[]): MiddlewareHandler<AppEnv>[] {
  return [consoleAuth(...roles), limitBody, parseJsonBody, refuseUnstorableParams];
}
