import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "./context";
import { ApiError } from "../core/errors";

// Versions as HTTP entity tags (server/README.md, "Versions"): responses carry `ETag: "<n>"`,
// and a PATCH, PUT or DELETE with `If-Match: "<n>"` applies only to version n.

/** Sets `ETag: "<version>"` on the response. */
export function setEtag(c: Context<AppEnv>, version: number): void {
  c.header("ETag", `"${version}"`);
}

/**
 * The version a write expects, from `If-Match`: undefined when absent or `*` (any version). Only
 * strong tags of a version number are accepted (`"3"`); anything else is 400 on If-Match. With
 * several tags (`"3", "4"`) the write expects one of them: the first is checked (a client sends one).
 */
export function expectedVersion(c: Context<AppEnv>): number | undefined {
  const header = c.req.header("if-match");
  if (header === undefined || header.trim() === "*") return undefined;
  const first = header.split(",")[0]!.trim();
  const match = /^"(\d{1,9})"$/.exec(first);
  if (!match) {
    throw new ApiError("invalid_field_value", 'If-Match must be a version tag such as "3", as the ETag header gave it.', "If-Match");
  }
  return Number(match[1]);
}

/** The `If-Match` request header of a versioned write, for the OpenAPI documents. */
export const ifMatchHeaders = z.object({
  "if-match": z.string().optional().openapi({
    description:
      'The version the change is based on, as the ETag gave it (`"3"`). A stale version is 409 and changes nothing; without it the change applies.',
  }),
});
