import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { newId } from "../../core/ids";
import { WEBHOOK_FANOUT_JOB } from "../webhooks";
import { detectionTriggerCtes } from "../detection";
import type { JobQueue } from "../../jobs/queue";
import { serializeAssessment, type TransactionRow } from "./serialize";
import { arrayLiteral, inline, quote } from "./sql-literals";

/** A live assessment ready to be stored, with its events. */
export type Stored = {
  row: TransactionRow;
  blocked: { rule_id: string; rule_name: string; threshold: number | null } | null;
  riskLevel: string;
};

/** The claimed idempotency key of a request, and the response to store under it with its writes. */
export type StoredResponse = { accountId: string; environment: string; surface: "a" | "b"; key: string; status: number; body: unknown };

// The write of a batch of live assessments is ONE statement: the transactions, their log events
// (transaction.scored, and transaction.blocked on block) and, for challenge / block, the
// transaction.flagged / transaction.blocked webhook outbox rows with their fan-out jobs — the
// same rows appendEvents() and emitWebhookEvent() write, for the whole batch at once, and by the
// same rule: only where an enabled endpoint of that account and environment subscribes to the
// type (nothing would deliver the row otherwise, and it would keep a copy of the assessment) — and, for
// requests with an idempotency key, the stored response under their claimed key (so a replay
// finds exactly what was committed with the assessment, never one without the other). A single
// statement is atomic by itself (no BEGIN/COMMIT round trips), its text is constant whatever the
// batch size (arrays, unnested), so it is prepared once per session like the features statement.
const TXN_COLUMNS = [
  ["id", "text"],
  ["account_id", "text"],
  ["environment", "text"],
  ["user_id", "text"],
  ["amount", "bigint"],
  ["currency", "text"],
  ["payment_method_type", "text"],
  ["card_bin", "text"],
  ["card_last_four", "text"],
  ["card_key", "text"],
  ["wallet_type", "text"],
  ["email", "text"],
  ["ip_address", "text"],
  ["phone", "text"],
  ["merchant_id", "text"],
  ["merchant_category", "text"],
  ["session_id", "text"],
  ["device_id", "text"],
  ["risk_score", "int"],
  ["decision", "text"],
  ["signals", "jsonb"],
  ["model_version", "text"],
  ["latency_ms", "int"],
  ["metadata", "jsonb"],
  ["analysis_id", "text"],
  ["created_at", "timestamptz"],
  ["explanation", "jsonb"],
] as const;
const EVENT_COLUMNS = [
  ["id", "text"],
  ["account_id", "text"],
  ["environment", "text"],
  ["event_type", "text"],
  ["transaction_id", "text"],
  ["user_id", "text"],
  ["payload", "jsonb"],
] as const;
const HOOK_COLUMNS = [
  ["id", "text"],
  ["account_id", "text"],
  ["environment", "text"],
  ["type", "text"],
  ["data", "jsonb"],
] as const;
const IDEMPOTENCY_COLUMNS = [
  ["account_id", "text"],
  ["environment", "text"],
  ["surface", "text"],
  ["key", "text"],
  ["response_status", "int"],
  ["response_body", "json"],
] as const;

let n = 0;
const params = (cols: readonly (readonly [string, string])[]) => cols.map(([, type]) => `$${++n}::${type}[]`).join(", ");
const names = (cols: readonly (readonly [string, string])[]) => cols.map(([c]) => c).join(", ");
const txnParams = params(TXN_COLUMNS);
const eventParams = params(EVENT_COLUMNS);
const hookParams = params(HOOK_COLUMNS);
const idempotencyParams = params(IDEMPOTENCY_COLUMNS);
/** The last parameter: milliseconds until the batch's detection run is due (0 or DETECTION_DELAY_MS). */
const DETECTION_DELAY_PARAM = `$${++n}::int`;
export const WRITE_PARAM_TYPES = [
  ...[...TXN_COLUMNS, ...EVENT_COLUMNS, ...HOOK_COLUMNS, ...IDEMPOTENCY_COLUMNS].map(([, t]) => `${t}[]`),
  "int",
];

export const WRITE_SQL = `
  with t as (insert into transactions (${names(TXN_COLUMNS)}) select * from unnest(${txnParams})),
  e as (insert into events (${names(EVENT_COLUMNS)}) select * from unnest(${eventParams})),
  w as (insert into webhook_events (${names(HOOK_COLUMNS)})
        select * from unnest(${hookParams}) as x(${names(HOOK_COLUMNS)})
        where exists (select 1 from webhook_endpoints p where p.account_id = x.account_id and p.environment = x.environment
                      and p.status = 'enabled' and p.events && array[x.type, '*']::text[])
        returning id),
  j as (insert into jobs (type, payload) select ${quote(WEBHOOK_FANOUT_JOB)}, jsonb_build_object('event_id', w.id) from w returning 1),
  k as (update idempotency_keys x set state = 'completed', response_status = u.response_status, response_body = u.response_body
        from unnest(${idempotencyParams}) as u(${names(IDEMPOTENCY_COLUMNS)})
        where x.account_id = u.account_id and x.environment = u.environment and x.surface = u.surface and x.key = u.key),${detectionTriggerCtes("transaction", { ids: "$1::text[]", accounts: "$2::text[]", environments: "$3::text[]" }, DETECTION_DELAY_PARAM)}
  select (select count(*) from j)::int as fanouts`;

type Cell = string | number | null;
const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

function txnCells(r: TransactionRow): Cell[] {
  return [
    r.id,
    r.accountId,
    r.environment,
    r.userId,
    r.amount,
    r.currency,
    r.paymentMethodType,
    r.cardBin,
    r.cardLastFour,
    r.cardKey,
    r.walletType,
    r.email,
    r.ipAddress,
    r.phone,
    r.merchantId,
    r.merchantCategory,
    r.sessionId,
    r.deviceId,
    r.riskScore,
    r.decision,
    json(r.signals),
    r.modelVersion,
    r.latencyMs,
    json(r.metadata),
    r.analysisId,
    r.createdAt.toISOString(),
    json(r.explanation),
  ];
}

/** Columns of cells → one array literal per column. */
function columns(rowsOfCells: Cell[][], width: number): string[] {
  return Array.from({ length: width }, (_, c) => arrayLiteral(rowsOfCells.map((r) => r[c] ?? null)));
}

/** The write statement's arguments (array literals) for a batch. */
export function writeArgs(items: Stored[], responses: StoredResponse[] = [], detectionDelayMs = 0): { args: string[] } {
  const events: Cell[][] = [];
  const hooks: Cell[][] = [];
  for (const s of items) {
    const r = s.row;
    const scored = {
      risk_score: r.riskScore,
      risk_factors: r.signals.map((x) => x.name),
      risk_level: s.riskLevel,
      model_version: r.modelVersion,
      decision: r.decision,
    };
    events.push([newId("evt"), r.accountId, r.environment, "transaction.scored", r.id, r.userId, json(scored)]);
    if (s.blocked)
      events.push([
        newId("evt"),
        r.accountId,
        r.environment,
        "transaction.blocked",
        r.id,
        r.userId,
        json({ ...s.blocked, risk_score: r.riskScore }),
      ]);
    if (r.decision !== "allow") {
      hooks.push([
        newId("whevt"),
        r.accountId,
        r.environment,
        r.decision === "block" ? "transaction.blocked" : "transaction.flagged",
        json(serializeAssessment(r, [])),
      ]);
    }
  }
  return {
    args: [
      ...columns(
        items.map((s) => txnCells(s.row)),
        TXN_COLUMNS.length,
      ),
      ...columns(events, EVENT_COLUMNS.length),
      ...columns(hooks, HOOK_COLUMNS.length),
      ...columns(
        responses.map((k) => [k.accountId, k.environment, k.surface, k.key, k.status, json(k.body)]),
        IDEMPOTENCY_COLUMNS.length,
      ),
      quote(String(Math.max(0, Math.round(detectionDelayMs)))),
    ],
  };
}

/** How the write statement is run: inline (planned each time) or prepared in the session. */
export type WriteRunner = (db: Db, args: string[]) => Promise<unknown>;
export const writeInline: WriteRunner = (db, args) => rows(db, sql.raw(inline(WRITE_SQL, args)));

/**
 * Writes live assessments with their events, webhooks and stored responses, atomically (one
 * statement). `detectionDelayMs`: when their detection run is due (the pipeline passes
 * DETECTION_DELAY_MS while busy, 0 after a quiet spell).
 */
export async function persistAssessments(
  db: Db,
  jobs: JobQueue,
  items: Stored[],
  run: WriteRunner = writeInline,
  responses: StoredResponse[] = [],
  detectionDelayMs = 0,
): Promise<void> {
  if (items.length === 0) return;
  const { args } = writeArgs(items, responses, detectionDelayMs);
  const [result] = (await run(db, args)) as { fanouts?: number }[];
  // Webhook fan-outs are due now; the detection run when the statement said.
  jobs.wake(Number(result?.fanouts ?? 0) > 0 ? 0 : detectionDelayMs);
}
