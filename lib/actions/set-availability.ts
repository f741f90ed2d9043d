"use server";

import { z } from "zod";
import { setAvailability } from "../api/desk";
import { authedAction } from "./safe-action";

// Analysts set themselves away or available; leads and admins anyone of the account (the API
// refuses the rest with 403, so no role check beyond signing in is needed here).
export const setAvailabilityAction = authedAction
  .metadata({ actionName: "setAvailability" })
  .inputSchema(z.object({ id: z.string().min(1).max(200), availability: z.enum(["available", "away"]) }))
  .action(async ({ parsedInput, ctx }) => setAvailability(ctx.analyst, parsedInput.id, parsedInput.availability));
