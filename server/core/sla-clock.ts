// The SLA clock (server/domain/sla/README.md): wall-clock time, no business hours. An item is due
// at created_at + the due time of its severity; `due_soon` is the last 20 % of that time.

export const slaStates = ["on_track", "due_soon", "breached", "met"] as const;
export type SlaState = (typeof slaStates)[number];

/** The share of an item's due time that is left when it turns `due_soon`. */
export const DUE_SOON_SHARE = 0.2;

export type SlaClockInput = {
  createdAt: Date;
  dueAt: Date;
  /** When the sweep recorded a breach (null while none was recorded). */
  slaBreachedAt: Date | null;
  /** The item is resolved or closed: its clock stopped. */
  finished: boolean;
};

export function slaState(item: SlaClockInput, now: Date): SlaState {
  if (item.slaBreachedAt) return "breached";
  if (item.finished) return "met";
  const left = item.dueAt.getTime() - now.getTime();
  if (left <= 0) return "breached";
  const total = item.dueAt.getTime() - item.createdAt.getTime();
  return left <= total * DUE_SOON_SHARE ? "due_soon" : "on_track";
}

/** The actor of the audit entry a breach writes. */
export const SLA_ACTOR = "system:sla";
