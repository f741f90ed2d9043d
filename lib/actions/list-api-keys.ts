"use server";

import { z } from "zod";
import { listApiKeys } from "../api/api-keys";
import { authedAction } from "./safe-action";

// A read, as an action: the browser's TanStack Query fetches further pages through it, since the
// browser never talks to the API itself.
export const listApiKeysAction = authedAction
  .metadata({ actionName: "listApiKeys", minRole: "admin" })
  .inputSchema(z.object({ after: z.string().min(1).max(1024).optional(), limit: z.number().int().min(1).max(100).optional() }))
  .action(async ({ parsedInput, ctx }) => {
    const page = await listApiKeys(ctx.environment, ctx.analyst, parsedInput);
    return { ...page, environment: ctx.environment };
  });
