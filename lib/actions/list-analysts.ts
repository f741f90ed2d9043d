"use server";

import { z } from "zod";
import { listAnalysts } from "../api/analysts";
import { authedAction } from "./safe-action";

export const listAnalystsAction = authedAction
  .metadata({ actionName: "listAnalysts", minRole: "admin" })
  .inputSchema(z.object({}))
  .action(async ({ ctx }) => listAnalysts(ctx.analyst));
