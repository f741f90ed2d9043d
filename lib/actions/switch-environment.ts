"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { setActiveEnvironment } from "../auth/environment";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { authedAction } from "./safe-action";

export const switchEnvironmentAction = authedAction
  .metadata({ actionName: "switchEnvironment" })
  .inputSchema(z.object({ environment: ConsoleEnvironmentSchema }))
  .action(async ({ parsedInput, ctx }) => {
    await setActiveEnvironment(ctx.analyst.id, parsedInput.environment);
    // Every console page reads through the active environment: re-render them all.
    revalidatePath("/", "layout");
    return { environment: parsedInput.environment };
  });
