import type { BacktestDraft, Decision } from "../../db/schema";
import { decide } from "../scoring";

// The replay and its running tallies: pure, so the job can fold batch after batch into the tallies
// it stored with its cursor and resume them after a restart.

export const DECISIONS = ["allow", "challenge", "block"] as const satisfies readonly Decision[];
/** Examples kept per move (from one decision to another), the oldest of the period first. */
export const EXAMPLES_PER_MOVE = 10;

/** What a stored live score keeps that a replay can read (server/domain/backtest/README.md). */
export type StoredScore = {
  id: string;
  createdAt: Date;
  riskScore: number;
  decision: Decision;
  signals: readonly string[];
  amount: number;
  currency: string;
  paymentMethodType: string;
  merchantId: string | null;
  merchantCategory: string | null;
  label: "fraud" | "legit" | null;
};

export type MoveExample = {
  transaction_id: string;
  created_at: string;
  risk_score: number;
  from: Decision;
  to: Decision;
  rule_id: string | null;
};
type Row = Record<Decision, number>;
/** Labelled scores by decision; "caught" means not allowed (challenged or blocked). */
type Side = { fraud: Row; legit: Row };
export type Tallies = {
  /** From the stored engine decision (rows) to the draft's (columns). */
  matrix: Record<Decision, Row>;
  examples: Record<string, MoveExample[]>;
  labelled: {
    live: Side;
    draft: Side;
    fraudCaughtAdded: number;
    fraudCaughtLost: number;
    falsePositivesAdded: number;
    falsePositivesRemoved: number;
  };
};

const row = (): Row => ({ allow: 0, challenge: 0, block: 0 });

export function emptyTallies(): Tallies {
  return {
    matrix: { allow: row(), challenge: row(), block: row() },
    examples: {},
    labelled: {
      live: { fraud: row(), legit: row() },
      draft: { fraud: row(), legit: row() },
      fraudCaughtAdded: 0,
      fraudCaughtLost: 0,
      falsePositivesAdded: 0,
      falsePositivesRemoved: 0,
    },
  };
}

const caught = (d: Decision) => d !== "allow";

/** Re-decides one stored score with the draft through the engine's own decision function, and counts it. */
export function replay(t: Tallies, s: StoredScore, draft: BacktestDraft): void {
  const verdict = decide(
    {
      signals: new Set(s.signals),
      score: s.riskScore,
      amount: s.amount,
      currency: s.currency,
      paymentMethodType: s.paymentMethodType,
      merchantId: s.merchantId ?? undefined,
      merchantCategory: s.merchantCategory ?? undefined,
    },
    draft.score_bands,
    draft.rules,
  );
  const from = s.decision;
  const to = verdict.decision;
  t.matrix[from][to]++;
  if (from !== to) {
    const key = `${from}_to_${to}`;
    const list = (t.examples[key] ??= []);
    if (list.length < EXAMPLES_PER_MOVE) {
      list.push({
        transaction_id: s.id,
        created_at: s.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
        risk_score: s.riskScore,
        from,
        to,
        rule_id: verdict.rule?.id ?? null,
      });
    }
  }
  if (!s.label) return;
  const l = t.labelled;
  l.live[s.label][from]++;
  l.draft[s.label][to]++;
  if (caught(from) === caught(to)) return;
  if (s.label === "fraud") {
    if (caught(to)) l.fraudCaughtAdded++;
    else l.fraudCaughtLost++;
  } else if (caught(to)) l.falsePositivesAdded++;
  else l.falsePositivesRemoved++;
}

const sum = (r: Row) => r.allow + r.challenge + r.block;

/** The result of GET /api/v1/policies/backtest/{id}, from the final tallies. */
export function backtestResult(t: Tallies) {
  const moves = DECISIONS.flatMap((from) =>
    DECISIONS.filter((to) => to !== from && t.matrix[from][to] > 0).map((to) => ({
      from,
      to,
      count: t.matrix[from][to],
      examples: t.examples[`${from}_to_${to}`] ?? [],
    })),
  );
  const side = (o: Side) => ({
    fraud_caught: o.fraud.challenge + o.fraud.block,
    fraud_missed: o.fraud.allow,
    false_positives: o.legit.challenge + o.legit.block,
    fraud: { ...o.fraud },
    legit: { ...o.legit },
  });
  const l = t.labelled;
  const live = { allow: sum(t.matrix.allow), challenge: sum(t.matrix.challenge), block: sum(t.matrix.block) };
  return {
    scores: sum(live),
    changed: moves.reduce((n, m) => n + m.count, 0),
    live,
    draft: {
      allow: t.matrix.allow.allow + t.matrix.challenge.allow + t.matrix.block.allow,
      challenge: t.matrix.allow.challenge + t.matrix.challenge.challenge + t.matrix.block.challenge,
      block: t.matrix.allow.block + t.matrix.challenge.block + t.matrix.block.block,
    },
    matrix: { allow: { ...t.matrix.allow }, challenge: { ...t.matrix.challenge }, block: { ...t.matrix.block } },
    moves,
    outcomes: {
      labelled_fraud: sum(l.live.fraud),
      labelled_legit: sum(l.live.legit),
      live: side(l.live),
      draft: side(l.draft),
      fraud_caught_added: l.fraudCaughtAdded,
      fraud_caught_lost: l.fraudCaughtLost,
      false_positives_added: l.falsePositivesAdded,
      false_positives_removed: l.falsePositivesRemoved,
    },
  };
}

export type BacktestResult = ReturnType<typeof backtestResult>;
