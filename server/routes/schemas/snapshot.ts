import { z } from "@hono/zod-openapi";

/** The largest snapshot stored, as JSON text: what one screen shows, not a data dump. */
export const SNAPSHOT_MAX_BYTES = 16 * 1024;

const id = z.string().min(1).max(200);

// What the analyst had on screen for a decision or a case change (server/README.md, "What the
// analyst saw"): stored as sent and covered by the entry's hash. Known fields are typed; anything
// else the screen showed goes under `other`.
export const SnapshotSchema = z
  .object({
    risk_score: z.number().int().min(0).max(100).nullable().optional().openapi({ description: "The score shown" }),
    decision: z
      .enum(["allow", "challenge", "block"])
      .nullable()
      .optional()
      .openapi({ description: "The engine's (or the latest) decision shown" }),
    signals: z
      .array(
        z
          .object({
            name: z.string().min(1).max(100),
            points: z.number().optional(),
            weight: z.string().max(50).optional(),
            detail: z.string().max(500).optional(),
          })
          .strict(),
      )
      .max(100)
      .optional()
      .openapi({ description: "The signals shown" }),
    policy_version: z.number().int().min(0).nullable().optional().openapi({ description: "The score policy version shown" }),
    list_versions: z
      .record(z.string().min(1).max(100), z.string().max(200))
      .optional()
      .openapi({ description: 'Watchlist versions shown, per list (e.g. `{"ofac": "2026-11-20"}`)' }),
    alert_ids: z.array(id).max(100).optional().openapi({ description: "The linked alerts shown" }),
    transaction_ids: z.array(id).max(100).optional().openapi({ description: "The linked transactions shown" }),
    case_version: z.number().int().min(0).optional().openapi({ description: "The case version shown" }),
    viewed_at: z.string().max(40).optional().openapi({ description: "When the screen was loaded (ISO 8601)" }),
    other: z.record(z.string().min(1).max(100), z.unknown()).optional().openapi({ description: "Anything else the screen showed" }),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (JSON.stringify(s).length > SNAPSHOT_MAX_BYTES) {
      ctx.addIssue({ code: "custom", path: [], message: `must be at most ${SNAPSHOT_MAX_BYTES} bytes as JSON.` });
    }
  })
  .openapi("Snapshot", { description: "What the analyst had on screen (at most 16 KB as JSON); null for API writes that send none" });

// Unions with null, not SnapshotSchema.nullable(): a nullable named schema makes every use of it nullable in the documents.
const snapshotWrite = z.union([SnapshotSchema, z.null()]).optional().openapi({
  description:
    "An addition: what the analyst had on screen for this change (at most 16 KB as JSON); stored with the entry and covered by its hash",
});
export { snapshotWrite };

export const chainFields = {
  snapshot: z.union([SnapshotSchema, z.null()]).openapi({ description: "An addition: what the analyst had on screen, or null" }),
  hash: z.string().nullable().openapi({
    description:
      "An addition: hex SHA-256 over the entry and the previous entry's hash in the same history (`seq` order); null on entries written before hashing",
  }),
};
