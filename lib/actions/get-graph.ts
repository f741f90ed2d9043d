"use server";

import { z } from "zod";
import { getGraph } from "../api/users";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { assertEnvironment, authedAction } from "./safe-action";

// Expanding a user in the link graph: that user's own graph (GET /v1/graph), merged by the page.
export const getGraphAction = authedAction
  .metadata({ actionName: "getGraph", minRole: "analyst" })
  .inputSchema(z.object({ environment: ConsoleEnvironmentSchema, user_id: z.string().min(1).max(200) }))
  .action(async ({ parsedInput: { environment, user_id }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return getGraph(ctx.environment, user_id, { depth: 2, limit: 200 });
  });
