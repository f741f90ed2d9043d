import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { deviceSessions } from "../../db/schema";
import type { Scope } from "../../db/scope";
import { newId } from "../../core/ids";
import { iso } from "../../core/time";
import { appendEvent } from "../events";
import { deriveDeviceId, identifiesDevice, looksAutomated, unidentifiedDeviceId, type DeviceEvidence } from "./device-id";
import { flaggedTransaction } from "../scoring";

/** Spec 2.7 / part 8: a session lives 30 minutes. */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

export type SessionInput = {
  pageUrl: string;
  userId?: string;
  action?: "login" | "checkout" | "onboarding" | "account_change";
  /** What identifies the device: the body's values where sent, else the request's own. */
  evidence: DeviceEvidence;
  /** Which of the evidence's values the body sent on the client's behalf (a server forwarding them). */
  forwarded: { ip: boolean; userAgent: boolean };
  /** The host of the Origin or Referer the request came with, if any. */
  originHost: string | null;
};

/** Device history for trust: seen before, and linked to a block or confirmed fraud (or blocklisted). */
async function deviceHistory(db: Db, scope: Scope, deviceId: string): Promise<{ seen: boolean; flagged: boolean }> {
  const s = sql`account_id = ${scope.accountId} and environment = ${scope.environment}`;
  const [r] = await rows<{ seen: boolean; flagged: boolean }>(
    db,
    sql`select exists (select 1 from device_sessions where ${s} and device_id = ${deviceId}) as seen,
      (exists (select 1 from transactions where ${s} and device_id = ${deviceId}
          and ${sql.raw(flaggedTransaction())})
       or exists (select 1 from blocklist_entries where ${s} and kind = 'device' and value = ${deviceId})) as flagged`,
  );
  return { seen: Boolean(r?.seen), flagged: Boolean(r?.flagged) };
}

/**
 * Opens a device session (server/domain/scoring/README.md, "Device sessions"): derives the device
 * id, judges trust from the device's history on the account, stores the session and writes
 * `device.session_created`. Run it in a transaction so the session and its event commit together.
 */
export async function createDeviceSession(db: Db, scope: Scope, input: SessionInput, at = new Date()) {
  // Without evidence of a device the id is the session's own: it has no history (never trusted),
  // and scores on it get the session's own velocity but no device_new (there is no device to be new).
  const identified = identifiesDevice(input.evidence);
  const deviceId = identified ? deriveDeviceId(scope.accountId, scope.environment, input.evidence) : unidentifiedDeviceId();
  const history = identified ? await deviceHistory(db, scope, deviceId) : { seen: false, flagged: false };
  const trusted = history.seen && !history.flagged;
  // The IP recorded (what detection's IP clusters read) is the customer's: the body's, or the
  // request's own address when the request speaks for the device itself. A caller that forwards a
  // User-Agent, or sends nothing that identifies a device, is a merchant's server calling for its
  // customers from its own address: then none. (The id above still uses the request's network.)
  const clientIp = input.forwarded.ip || (identified && !input.forwarded.userAgent) ? input.evidence.ip : null;
  let pageHost: string | null = null;
  try {
    pageHost = new URL(input.pageUrl).host.toLowerCase();
  } catch {
    /* validated upstream */
  }
  const [row] = await db
    .insert(deviceSessions)
    .values({
      id: newId("sess"),
      ...scope,
      deviceId,
      userId: input.userId ?? null,
      action: input.action ?? null,
      pageUrl: input.pageUrl,
      ipAddress: clientIp,
      userAgent: input.evidence.userAgent,
      trusted,
      identified,
      firstSeen: !history.seen,
      automation: looksAutomated(input.evidence),
      contextMismatch: input.originHost !== null && pageHost !== null && input.originHost.toLowerCase() !== pageHost,
      expiresAt: new Date(at.getTime() + SESSION_LIFETIME_MS),
      createdAt: at,
    })
    .returning();
  const session = row!;
  await appendEvent(db, scope, {
    type: "device.session_created",
    userId: session.userId,
    payload: {
      session_id: session.id,
      device_id: deviceId,
      device_trusted: trusted,
      device_identified: identified,
      action: session.action,
      expires_at: iso(session.expiresAt),
    },
  });
  return {
    object: "device_session" as const,
    session_id: session.id,
    expires_at: iso(session.expiresAt),
    device_id: deviceId,
    device_trusted: trusted,
    device_identified: identified,
    user_id: session.userId,
    action: session.action,
    created_at: iso(session.createdAt),
  };
}
