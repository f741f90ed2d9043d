import "server-only";

import type { ConsoleEnvironment } from "../schemas/environment";
import { UserProfileSchema, type UserProfile } from "./wire";
import { apiA } from "./client";

// One user as the account's own records show them (`GET /v1/users/{user_id}`,
// server/domain/graph/README.md): 404 for a user never seen in this environment.

export async function getUserProfile(environment: ConsoleEnvironment, userId: string): Promise<UserProfile> {
  return apiA(environment, `/v1/users/${encodeURIComponent(userId)}`, { schema: UserProfileSchema });
}
