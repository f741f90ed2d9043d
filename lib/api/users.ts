import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { type EntityGraph, type UserProfile } from "./wire";
import { EntityGraphSchema, UserProfileSchema } from "./wire-schemas";
import { apiA } from "./client";

// One user as the account's own records show them (`GET /v1/users/{user_id}`,
// server/domain/graph/README.md): 404 for a user never seen in this environment.

export async function getUserProfile(environment: ConsoleEnvironment, userId: string): Promise<UserProfile> {
  return apiA(environment, `/v1/users/${encodeURIComponent(userId)}`, { schema: UserProfileSchema });
}

/** Users joined to `userId` through what they used (`GET /v1/graph`): depth 2 by default. */
export async function getGraph(
  environment: ConsoleEnvironment,
  userId: string,
  options: { depth?: 1 | 2; limit?: number } = {},
): Promise<EntityGraph> {
  return apiA(environment, "/v1/graph", {
    query: { user_id: userId, depth: options.depth, limit: options.limit },
    schema: EntityGraphSchema,
  });
}
