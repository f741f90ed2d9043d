"use server";

import { z } from "zod";
import { submitQualityReview } from "../api/quality";
import { ConsoleEnvironmentSchema } from "../schemas/environment-schema";
import { QualityReviewInputSchema } from "../schemas/quality-review";
import { assertEnvironment, authedAction } from "./safe-action";

// The second resolution of a blind review, as the signed-in analyst (the API refuses the analyst
// who resolved the case, and a review already given). The answer reveals the first resolution.
export const submitQualityReviewAction = authedAction
  .metadata({ actionName: "submitQualityReview", minRole: "analyst" })
  .inputSchema(QualityReviewInputSchema.extend({ environment: ConsoleEnvironmentSchema, review_id: z.string().min(1).max(200) }))
  .action(async ({ parsedInput: { environment, review_id, resolution, notes }, ctx }) => {
    assertEnvironment(ctx.environment, environment);
    return submitQualityReview(ctx.environment, ctx.analyst, review_id, { resolution, notes: notes ? notes : undefined });
  });
