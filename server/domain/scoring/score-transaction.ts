import type { Db } from "../../db/client";
import type { Decision, ScoreExplanation } from "../../db/schema";
import { notFound } from "../../core/errors";
import { newId } from "../../core/ids";
import { evaluateSignals } from "./evaluate";
import { loadFeatures, runInline, type FeatureRunner, type Features } from "./features";
import { combine, decide, modelVersion, riskLevel, wireSignals } from "./model";
import { riskConfig } from "./policies";
import type { ScoreInput } from "./request";
import type { Stored } from "./persist";
import type { TransactionRow } from "./serialize";

/**
 * A request's claimed idempotency key: the pipeline stores `respond(assessment)` under it in the
 * batch's write statement, and keeps what it stored in `stored` for the request to answer with.
 */
export type IdempotentScore = {
  ref: { accountId: string; environment: string; surface: "a" | "b"; key: string };
  respond: (a: Assessment) => { status: number; body: unknown };
  stored?: { status: number; body: unknown };
};

/** One request to score. `live` = it becomes a transaction and counts in later history. */
export type ScoreJob = {
  input: ScoreInput;
  startedAt: number;
  live: boolean;
  analysisId?: string;
  id?: string;
  idempotency?: IdempotentScore;
};

/** A batch started earlier and maybe not committed yet (its jobs carry their transaction ids). */
export type EarlierBatch = { jobs: ScoreJob[] };

/** The outcome of scoring one request: the row it is (or, in labelled mode, would be) stored as. */
export type Assessment = Stored & { explanation: ScoreExplanation };

/**
 * Requests scored together in one batch do not see each other in the database: count each
 * earlier live request of the batch into a later one's windows, so a burst is judged as if the
 * requests had arrived one by one (all are within every window: they share the same instant).
 */
export function applyBatchMates(jobs: ScoreJob[], features: Features[], prior: ScoreJob[] = []): void {
  const all = [...prior, ...jobs];
  for (let k = 0; k < jobs.length; k++) {
    const me = (jobs[k] as ScoreJob).input;
    const f = features[k] as Features;
    const seen = { card: new Set<string>(), cardUsers: new Set<string>(), ipUsers: new Set<string>(), emailUsers: new Set<string>() };
    for (let j = 0; j < prior.length + k; j++) {
      const mate = all[j] as ScoreJob;
      const o = mate.input;
      if (!mate.live || o.scope.accountId !== me.scope.accountId || o.scope.environment !== me.scope.environment) continue;
      if (o.userId === me.userId) {
        f.user.n10m++;
        f.user.n1h++;
        if (o.cardKey) {
          if (o.cardKey === me.cardKey) f.user.cardSeen24h = true;
          else if (!seen.card.has(o.cardKey)) {
            seen.card.add(o.cardKey);
            f.user.cards24h++;
          }
        }
        // Whether the mate ends blocked is not known yet: it counts as history, as one request
        // of a burst would for the next had they come one by one and been allowed.
        f.user.firstSeen ??= o.at;
      }
      if (f.card && o.cardKey === me.cardKey) {
        f.card.n10m++;
        f.card.n1h++;
        if (o.userId === me.userId) f.card.userSeen24h = true;
        else if (!seen.cardUsers.has(o.userId)) {
          seen.cardUsers.add(o.userId);
          f.card.users24h++;
        }
      }
      if (f.ip && o.ip === me.ip) {
        f.ip.n10m++;
        f.ip.n1h++;
        if (o.userId === me.userId) f.ip.userSeen1h = true;
        else if (!seen.ipUsers.has(o.userId)) {
          seen.ipUsers.add(o.userId);
          f.ip.users1h++;
        }
      }
      if (f.email && o.email === me.email) {
        if (o.userId === me.userId) {
          f.email.userUses++; // never toward userAgedUses: a batch-mate is not old enough
          f.email.userSeen30d = true;
        } else if (!seen.emailUsers.has(o.userId)) {
          seen.emailUsers.add(o.userId);
          f.email.users30d++;
        }
      }
    }
  }
}

function blockReason(verdict: ReturnType<typeof decide>, bands: { block: number }): Stored["blocked"] {
  if (verdict.decision !== "block") return null;
  if (verdict.rule) return { rule_id: verdict.rule.id, rule_name: verdict.rule.name, threshold: verdict.rule.when.score_gte ?? null };
  return { rule_id: "score_band_block", rule_name: "Risk score at or above the block band", threshold: bands.block };
}

/**
 * Scores a batch: one features statement, the accounts' cached configurations, then the pure
 * signal evaluation and model. Returns, per request, its assessment or the error that refuses it
 * (a session_id naming nothing is 404). Writes nothing: persistAssessments() does.
 */
export async function assess(
  db: Db,
  jobs: ScoreJob[],
  run: FeatureRunner = runInline,
  earlier: EarlierBatch[] = [],
): Promise<(Assessment | Error)[]> {
  // A batch commits atomically: if any of its transactions is visible to the features statement,
  // all of it is (a request refused with 404 is simply never visible).
  const markers = earlier.flatMap((b) => b.jobs.filter((j) => j.live && j.id).map((j) => j.id as string));
  const { features, visibleMarkers } = await loadFeatures(
    db,
    jobs.map((j) => j.input),
    run,
    markers,
  );
  // Earlier batches this statement did not see committed count as batch-mates.
  const prior = earlier.filter((b) => !b.jobs.some((j) => j.id && visibleMarkers.has(j.id))).flatMap((b) => b.jobs);
  applyBatchMates(jobs, features, prior);
  const out: (Assessment | Error)[] = [];
  for (let i = 0; i < jobs.length; i++) {
    const job = jobs[i] as ScoreJob;
    const f = features[i] as Features;
    const input = job.input;
    if (input.sessionId && !f.session.found) {
      out.push(notFound("device session", "session_id"));
      continue;
    }
    const config = await riskConfig(db, input.scope, { policyVersion: f.policyVersion, modelRevision: f.modelRevision });
    const fired = evaluateSignals(input, f, config);
    const { score, base, contributions } = combine(fired, config.learned);
    const req = input.request;
    const verdict = decide(
      {
        signals: new Set(fired.map((s) => s.name)),
        score,
        amount: req.amount,
        currency: input.currency,
        paymentMethodType: req.payment_method.type,
        merchantId: req.merchant?.id,
        merchantCategory: req.merchant?.category,
      },
      config.bands,
      config.rules,
    );
    const explanation: ScoreExplanation = {
      base,
      contributions,
      bands: config.bands,
      band_decision: verdict.bandDecision,
      rule: verdict.rule ? { id: verdict.rule.id, name: verdict.rule.name, action: verdict.rule.action } : null,
      policy_version: config.policyVersion,
    };
    const deviceLive =
      f.session.found && f.session.deviceId && !(f.session.expiresAt && f.session.expiresAt.getTime() <= input.at.getTime());
    const pm = req.payment_method;
    const row: TransactionRow = {
      id: job.id ?? newId("txn"),
      accountId: input.scope.accountId,
      environment: input.scope.environment,
      userId: input.userId,
      amount: req.amount,
      currency: input.currency,
      paymentMethodType: pm.type,
      cardBin: pm.card_bin ?? null,
      cardLastFour: pm.last_four ?? null,
      cardKey: input.cardKey,
      walletType: pm.wallet_type ?? null,
      email: input.email,
      ipAddress: input.ip,
      phone: req.user.phone ?? null,
      merchantId: req.merchant?.id ?? null,
      merchantCategory: req.merchant?.category ?? null,
      sessionId: input.sessionId,
      deviceId: deviceLive ? f.session.deviceId : null,
      riskScore: score,
      decision: verdict.decision as Decision,
      signals: wireSignals(contributions),
      modelVersion: modelVersion(config.modelRevision),
      latencyMs: Math.max(0, Math.round(performance.now() - job.startedAt)),
      metadata: req.metadata ?? null,
      label: null,
      analysisId: job.analysisId ?? null,
      createdAt: input.at,
      explanation,
      reviewedDecision: null,
      reviewedAt: null,
    };
    out.push({ row, explanation, riskLevel: riskLevel(score, config.bands), blocked: blockReason(verdict, config.bands) });
  }
  return out;
}
