import "server-only";

import { z } from "zod";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { PageParams } from "../schemas/list";
import { type ListPage, type ListedScreening, type ReviewState, type Screening, type ScreeningStatus, type ScreeningDetail } from "./wire";
import {
  CreatedDecisionOrApprovalSchema,
  ScreeningDetailSchema,
  ScreeningListSchema,
  DecisionListSchema,
  EventListSchema,
  EventSchema,
} from "./wire-schemas";
import type { Snapshot } from "./snapshots";
import { apiA } from "./client";

// Stored watchlist screenings (Surface A additions `/v1/identity/screenings`) and the reviewer's
// decision on one (`POST /v1/decisions` with `screening_id`), with the environment's API key.

export type ScreeningFilters = {
  review_state?: ReviewState;
  status?: ScreeningStatus;
  user_id?: string;
  /** Oldest first (a work queue) instead of newest first. */
  order?: "asc" | "desc";
  /** Each group of twins once, by its oldest member. */
  grouped?: boolean;
  /** Stored at or after (ISO 8601, milliseconds count). */
  start_time?: string;
};

export async function listScreenings(
  environment: ConsoleEnvironment,
  { grouped, ...filters }: ScreeningFilters,
  page: PageParams = {},
): Promise<ListPage<ListedScreening>> {
  return apiA(environment, "/v1/identity/screenings", {
    query: { ...filters, grouped: grouped ? "true" : undefined, limit: page.limit, after: page.after },
    schema: ScreeningListSchema,
  });
}

/**
 * The group a reviewer goes to after deciding one: the oldest group still awaiting review, other
 * than the screenings just decided (a review held for approval leaves them pending). Null when none.
 */
export async function nextPendingScreening(environment: ConsoleEnvironment, decidedIds: readonly string[]): Promise<string | null> {
  const page = await listScreenings(environment, { review_state: "pending_review", order: "asc", grouped: true }, { limit: 10 });
  const decided = new Set(decidedIds);
  const next = page.data.find((s) => !decided.has(s.screening_id) && !s.twins.some((t) => decided.has(t.screening_id)));
  return next?.screening_id ?? null;
}

export async function getScreening(environment: ConsoleEnvironment, id: string): Promise<ScreeningDetail> {
  return apiA(environment, `/v1/identity/screenings/${encodeURIComponent(id)}`, { schema: ScreeningDetailSchema });
}

export type ScreeningDecisionBody = {
  screening_id: string;
  decision: "allow" | "challenge" | "block";
  reason: string;
  notes?: string;
  analyst_id: string;
  /** What the review page showed (lib/api/snapshots.ts). */
  snapshot?: Snapshot;
};

/**
 * Records the review, for the screening's open twins too (the API's default); the idempotency key
 * makes a double submit (or a retry) one record. Four-eyes may answer with the approval it waits on.
 */
export async function decideScreening(
  environment: ConsoleEnvironment,
  body: ScreeningDecisionBody,
  idempotencyKey: string,
): Promise<z.output<typeof CreatedDecisionOrApprovalSchema>> {
  return apiA(environment, "/v1/decisions", { method: "POST", body, idempotencyKey, schema: CreatedDecisionOrApprovalSchema });
}

// The document leaves an event's payload open; these are the fields of `decision.submitted` read here.
const DecisionEventsSchema = EventListSchema.extend({
  data: z.array(
    EventSchema.extend({
      payload: z
        .object({
          decision_id: z.string().optional(),
          screening_id: z.string().optional(),
          decision: z.string().optional(),
          reason_codes: z.array(z.string()).optional(),
          analyst_id: z.string().optional(),
        })
        .loose(),
    }),
  ),
});

export type ScreeningDecisionSummary = {
  decision_id: string;
  decision: string | null;
  reason: string | null;
  notes: string | null;
  analyst_id: string | null;
  created_at: string;
};

/**
 * Who decided a reviewed screening, how and with which notes. The decision list has no screening
 * filter, so: the account's latest 100 decisions (a review is usually recent), then the
 * `decision.submitted` events of the screened user (those carry no notes; name-only screenings
 * have no user to look them up by). Null when neither holds it; the page still shows the state.
 */
export async function findScreeningDecision(
  environment: ConsoleEnvironment,
  screening: Pick<Screening, "screening_id" | "user_id" | "review_decision_id">,
): Promise<ScreeningDecisionSummary | null> {
  const decisionId = screening.review_decision_id;
  if (!decisionId) return null;
  const recent = await apiA(environment, "/v1/decisions", { query: { limit: 100 }, schema: DecisionListSchema, timeoutMs: 3000 });
  const record = recent.data.find((d) => d.decision_id === decisionId);
  if (record)
    return {
      decision_id: decisionId,
      decision: record.decision,
      reason: record.reason,
      notes: record.notes,
      analyst_id: record.analyst_id,
      created_at: record.created_at,
    };

  if (!screening.user_id) return null;
  const page = await apiA(environment, "/v1/events", {
    query: { user_id: screening.user_id, event_type: "decision.submitted", limit: 100 },
    schema: DecisionEventsSchema,
    timeoutMs: 3000,
  });
  const event = page.data.find((e) => e.payload.decision_id === decisionId && e.payload.screening_id === screening.screening_id);
  if (!event) return null;
  return {
    decision_id: decisionId,
    decision: event.payload.decision ?? null,
    reason: event.payload.reason_codes?.[0] ?? null,
    notes: null,
    analyst_id: event.payload.analyst_id ?? null,
    created_at: event.created_at,
  };
}
