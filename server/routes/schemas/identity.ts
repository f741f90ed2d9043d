import { z } from "@hono/zod-openapi";
import { LIST_NAMES } from "../../domain/watchlist";
import { isRealDate } from "../../domain/identity/request";

export const CheckSchema = z.object({
  name: z.string(),
  status: z.enum(["pass", "pending", "fail"]),
  detail: z.string().openapi({ description: "Why the check has this status (addition)" }),
});

export const VerificationSchema = z
  .object({
    object: z.literal("identity_verification"),
    verification_id: z.string(),
    user_id: z.string(),
    type: z.enum(["individual", "business"]),
    status: z.enum(["verified", "pending", "failed", "flagged"]),
    checks: z.array(CheckSchema),
    screening_id: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .openapi("IdentityVerification");

export const MatchSchema = z.object({
  list: z.string(),
  match_score: z.number(),
  entity_name: z.string(),
  entity_type: z.enum(["individual", "organization"]),
  reason: z.string(),
  entity_id: z.string(),
  matched_name: z.string(),
  matched_alias_strength: z.string(),
  dob_match: z.string(),
});

export const ScreeningSchema = z
  .object({
    object: z.literal("watchlist_screening"),
    screening_id: z.string(),
    user_id: z.string().nullable(),
    name: z.string(),
    date_of_birth: z.string().nullable(),
    lists: z.array(z.string()),
    status: z.enum(["clear", "match", "possible_match"]),
    matches: z.array(MatchSchema),
    suppressed_matches: z.array(MatchSchema),
    review_state: z.string(),
    review_decision_id: z.string().nullable(),
    verification_id: z.string().nullable(),
    screened_at: z.string(),
    reviewed_at: z.string().nullable(),
    subject_key: z.string().nullable().openapi({
      description:
        "Addition: screenings of the same subject (user, normalised name, date of birth, entity type) against the same listed entries share it; null for a clear screening",
    }),
  })
  .openapi("WatchlistScreening");

// A stored screening as the review lists show it: with its twins still awaiting review.
export const ListedScreeningSchema = ScreeningSchema.extend({
  twins: z.array(z.object({ screening_id: z.string(), screened_at: z.string(), verification_id: z.string().nullable() })).openapi({
    description: "Addition: the other screenings with this subject_key awaiting review, oldest first; one review decides them all",
  }),
}).openapi("ListedWatchlistScreening");

export const listsParam = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    const values = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = values.find((s) => !(LIST_NAMES as readonly string[]).includes(s));
    if (bad) {
      ctx.addIssue({ code: "custom", message: `must be a comma-separated list of: ${LIST_NAMES.join(", ")} (got ${bad})` });
      return z.NEVER;
    }
    return values as (typeof LIST_NAMES)[number][];
  })
  .openapi({ type: "string", description: `Comma-separated: ${LIST_NAMES.join(", ")}; default all` });

export const WatchlistQuery = z.object({
  user_id: z.string().min(1).max(200).optional(),
  name: z.string().trim().min(1).max(300).optional(),
  date_of_birth: z
    .string()
    .refine(isRealDate, { message: "must be a real date in YYYY-MM-DD format" })
    // As on identity verification: a birth date in the future narrows to nobody, so it would clear any name.
    .refine((v) => Date.parse(v) <= Date.now(), { message: "must not be in the future" })
    .optional(),
  lists: listsParam,
});
