import type { analystSessions, analysts } from "../../db/schema";
import { iso, isoSeconds } from "../../core/time";

export type AnalystRow = typeof analysts.$inferSelect;
export type SessionRow = typeof analystSessions.$inferSelect;

export function serializeAnalyst(row: AnalystRow) {
  return {
    object: "analyst" as const,
    id: row.id,
    account_id: row.accountId,
    email: row.email,
    name: row.name,
    role: row.role,
    created_at: iso(row.createdAt),
    last_sign_in_at: isoSeconds(row.lastSignInAt),
    disabled: row.disabledAt !== null,
    availability: row.availability,
    availability_changed_at: isoSeconds(row.availabilityChangedAt),
  };
}

export type AnalystResource = ReturnType<typeof serializeAnalyst>;

export function serializeSession(session: SessionRow, analyst: AnalystRow) {
  return {
    object: "analyst_session" as const,
    session_id: session.id,
    method: session.method,
    created_at: iso(session.createdAt),
    expires_at: iso(session.expiresAt),
    ended_at: session.endedAt ? iso(session.endedAt) : null,
    end_reason: session.endReason,
    analyst: serializeAnalyst(analyst),
  };
}
