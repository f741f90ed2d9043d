import type { Context } from "hono";
import type { AppEnv } from "./context";
import type { Scope } from "../db/scope";

/** The account and environment of an API-key request: what every query of the request is scoped to. */
export function keyScope(c: Context<AppEnv>): Scope {
  const key = c.get("key");
  if (!key) throw new Error("keyScope() needs an authenticated API key");
  return { accountId: key.accountId, environment: c.get("environment") };
}

/** The account and environment of a dashboard request: the analyst's account, the listener's environment. */
export function consoleScope(c: Context<AppEnv>): Scope {
  const analyst = c.get("analyst");
  if (!analyst) throw new Error("consoleScope() needs an authenticated console token");
  return { accountId: analyst.accountId, environment: c.get("environment") };
}
