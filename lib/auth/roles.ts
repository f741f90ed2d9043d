import { analystRoles, type AnalystRole } from "../api/wire";

// analyst < lead < admin: each role may do everything the previous one may (lib/auth/README.md).
// Pure functions, usable on both sides; the server-side guards are in ./guards.

const RANK: Record<AnalystRole, number> = { analyst: 0, lead: 1, admin: 2 };

export function isRole(value: unknown): value is AnalystRole {
  return typeof value === "string" && (analystRoles as readonly string[]).includes(value);
}

/** Whether `role` meets `minimum`. Unknown roles meet nothing: fail closed. */
export function hasRole(role: unknown, minimum: AnalystRole): boolean {
  return isRole(role) && RANK[role] >= RANK[minimum];
}
