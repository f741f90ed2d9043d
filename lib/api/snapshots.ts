import "server-only";

import type { Case, Screening, Transaction } from "./wire";

// What the analyst had on screen for a decision or a case change, sent with the write as its
// `snapshot` (stored with the entry and covered by its hash). Built on the console's server from
// the object the page showed: a score is immutable, and a case change is sent with If-Match on the
// version the page showed, so the object read here is what was on screen or the write is refused.
// No `viewed_at`: a retry with the same idempotency key must send the same body.

export type Snapshot = {
  risk_score?: number | null;
  decision?: "allow" | "challenge" | "block" | null;
  signals?: { name: string; points?: number; weight?: string; detail?: string }[];
  policy_version?: number | null;
  alert_ids?: string[];
  transaction_ids?: string[];
  case_version?: number;
  viewed_at?: string;
  other?: Record<string, unknown>;
};

/** The API keeps at most 100 of each list and 16 KB in all: a screen's worth, not a dump. */
const MAX_ITEMS = 100;
const SNAPSHOT_BUDGET = 15 * 1024;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A transaction page: its score, the engine's decision, the signals as explained, the policy version. */
export function transactionSnapshot(transaction: Transaction): Snapshot {
  const explanation = transaction.explanation;
  const signals: NonNullable<Snapshot["signals"]> = explanation
    ? explanation.contributions.map((c) => ({
        name: cut(c.name, 100),
        points: c.points,
        weight: cut(c.weight, 50),
        detail: cut(c.detail, 500),
      }))
    : transaction.signals.map((s) => ({ name: cut(s.name, 100), weight: s.weight }));
  const snapshot: Snapshot & { signals: NonNullable<Snapshot["signals"]> } = {
    risk_score: transaction.risk_score,
    decision: transaction.decision,
    signals: signals.slice(0, MAX_ITEMS),
    policy_version: explanation?.policy_version ?? null,
  };
  // Within the API's 16 KB: the signals' details go first (their names and points stay).
  if (JSON.stringify(snapshot).length <= SNAPSHOT_BUDGET) return snapshot;
  return { ...snapshot, signals: snapshot.signals.map(({ detail: _detail, ...rest }) => rest) };
}

/** A case page at the version the change is sent against: its linked alerts and transactions. */
export function caseSnapshot(kase: Case): Snapshot {
  return {
    case_version: kase.version,
    alert_ids: kase.alert_ids.slice(0, MAX_ITEMS),
    transaction_ids: kase.transaction_ids.slice(0, MAX_ITEMS),
  };
}

/** A screening under review: its result and the listed entries it matched (id, list, score). */
export function screeningSnapshot(screening: Screening): Snapshot {
  return {
    other: {
      screening_status: screening.status,
      lists: screening.lists.slice(0, MAX_ITEMS),
      matches: screening.matches
        .slice(0, 20)
        .map((m) => ({ entity_id: m.entity_id, list: m.list, match_score: m.match_score, matched_name: cut(m.matched_name, 200) })),
    },
  };
}
