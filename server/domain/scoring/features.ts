import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { flaggedTransaction } from "./flagged";
import { clientIp } from "./ip-ranges";
import { T } from "./signals";
import { arrayLiteral, inline } from "./sql-literals";
import type { ScoreInput } from "./request";

/** What history says about one request (all windows end at the request's own time). */
export type Features = {
  user: {
    n10m: number;
    n1h: number;
    /** Distinct cards of the user's prior 24 h, and whether this card is among them. */
    cards24h: number;
    cardSeen24h: boolean;
    /** The user's earliest transaction not blocked nor labelled fraud: a refused attempt is no history. */
    firstSeen: Date | null;
    fraud: boolean;
    /** Status of the user's latest identity verification created at or before the request. */
    identity: "pending" | "verified" | "failed" | "flagged" | null;
    /** The amount baseline (currencyN, mean, max) leaves out blocked and fraud-labelled transactions: an attacker's refused attempts must not make the next large one look usual. */
    history: { n: number; currencyN: number; mean: number | null; max: number | null; withEmail: number };
  };
  /** userUses: every earlier use by this user; userAgedUses: those at least emailSeenMinAgeHours old; userFlagged: those blocked or labelled fraud. */
  email: { userUses: number; userAgedUses: number; userFlagged: number; users30d: number; userSeen30d: boolean } | null;
  card: { n10m: number; n1h: number; users24h: number; userSeen24h: boolean } | null;
  ip: { n10m: number; n1h: number; users1h: number; userSeen1h: boolean } | null;
  session: {
    found: boolean;
    deviceId: string | null;
    userId: string | null;
    createdAt: Date | null;
    expiresAt: Date | null;
    firstSeen: boolean;
    /** False when the session's request carried nothing that identifies a device (device-id.ts). */
    identified: boolean;
    automation: boolean;
    contextMismatch: boolean;
  };
  device: { n10m: number; users24h: number; userSeen24h: boolean; flagged: boolean } | null;
  blocklisted: string[];
  policyVersion: number;
  modelRevision: number;
};

export type Raw = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const bool = (v: unknown) => v === true || v === "t" || v === "true";

// The features statement. Its text is constant whatever the batch size (the requests arrive as
// arrays, unnested into rows), so it can be PREPAREd once per session and executed without being
// planned again: planning this many lateral subqueries costs more than running them. Each row
// comes back as ONE JSON text (row_to_json) instead of some forty typed columns: the drivers'
// per-field decoding (on the embedded database, in JavaScript on the request thread) cost more
// than the database's JSON output and one JSON.parse. The in-flight markers (the same for every
// request of the batch) come on the first row only.
const inScope = "x.account_id = r.a and x.environment = r.e";
const FLAGGED = flaggedTransaction("x");
export const FEATURES_PARAM_TYPES = [
  "int[]",
  "text[]",
  "text[]",
  "timestamptz[]",
  "text[]",
  "text[]",
  "text[]",
  "text[]",
  "text[]",
  "text[]",
  "text[]",
  "text[]",
];
export const FEATURES_SQL = `
    select row_to_json(f)::text as j from (select r.i,
      u.u10, u.u1h, u.u_cards, u.u_card_seen,
      h.h_n, h.h_cur_n, h.h_mean, h.h_max, h.h_email,
      (select x.created_at from transactions x where ${inScope} and x.user_id = r.u and x.created_at <= r.t
        and not coalesce(${FLAGGED}, false) order by x.created_at limit 1) as u_first,
      exists (select 1 from transactions x where ${inScope} and x.user_id = r.u and x.label = 'fraud') as u_fraud,
      (select x.status from identity_verifications x where ${inScope} and x.user_id = r.u and x.created_at <= r.t
        order by x.created_at desc limit 1) as u_identity,
      em.e_user, em.e_user_aged, em.e_user_flagged, em.e_users, em.e_user_seen,
      cd.c10, cd.c1h, cd.c_users, cd.c_user_seen,
      ipx.i10, ipx.i1h, ipx.i_users, ipx.i_user_seen,
      s.id as s_id, s.device_id as s_device, s.user_id as s_user, s.created_at as s_created, s.expires_at as s_expires,
      s.first_seen as s_first, s.identified as s_identified, s.automation as s_automation, s.context_mismatch as s_mismatch,
      dv.d10, dv.d_users, dv.d_user_seen,
      (s.device_id is not null and exists (select 1 from transactions x where ${inScope} and x.device_id = s.device_id
        and ${FLAGGED})) as d_flagged,
      array(select b.kind from blocklist_entries b where b.account_id = r.a and b.environment = r.e and (
        (b.kind = 'card' and b.value = r.card) or (b.kind = 'email' and b.value = r.email)
        or (b.kind = 'ip' and b.value = r.ip) or (b.kind = 'device' and b.value = s.device_id))) as blocked,
      (select p.version from risk_policies p where p.account_id = r.a and p.environment = r.e) as policy_version,
      (select m.revision from risk_models m where m.account_id = r.a and m.environment = r.e) as model_revision,
      case when r.i = 0 then array(select x.id from transactions x where x.id = any($11::text[])) end as visible_markers
    from unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $12::text[])
      as r(i, a, e, t, u, card, ip, email, cur, sess, iph)
    cross join lateral (
      select count(*) filter (where x.created_at > r.t - interval '10 minutes')::int as u10,
             count(*) filter (where x.created_at > r.t - interval '1 hour')::int as u1h,
             count(distinct x.card_key)::int as u_cards,
             coalesce(bool_or(x.card_key = r.card), false) as u_card_seen
      from (select x.created_at, x.card_key from transactions x
            where ${inScope} and x.user_id = r.u and x.created_at > r.t - interval '24 hours' and x.created_at <= r.t
            order by x.created_at desc limit ${T.scanCap}) x) u
    cross join lateral (
      select count(*)::int as h_n,
             count(*) filter (where x.currency = r.cur and x.clean)::int as h_cur_n,
             (avg(x.amount) filter (where x.currency = r.cur and x.clean))::float8 as h_mean,
             (max(x.amount) filter (where x.currency = r.cur and x.clean))::float8 as h_max,
             count(x.email)::int as h_email
      from (select x.amount, x.currency, x.email, not coalesce(${FLAGGED}, false) as clean from transactions x
            where ${inScope} and x.user_id = r.u and x.created_at <= r.t
              and x.created_at > r.t - interval '${T.historyDays} days'
            order by x.created_at desc limit ${T.historyRows}) x) h
    left join lateral (
      select count(*) filter (where x.user_id = r.u)::int as e_user,
             count(*) filter (where x.user_id = r.u and x.created_at <= r.t - interval '${T.emailSeenMinAgeHours} hours')::int as e_user_aged,
             count(*) filter (where x.user_id = r.u and ${FLAGGED})::int as e_user_flagged,
             count(distinct x.user_id) filter (where x.created_at > r.t - interval '30 days')::int as e_users,
             coalesce(bool_or(x.user_id = r.u and x.created_at > r.t - interval '30 days'), false) as e_user_seen
      from (select x.user_id, x.label, x.decision, x.reviewed_decision, x.created_at from transactions x
            where ${inScope} and x.email = r.email and x.created_at <= r.t
            order by x.created_at desc limit ${T.scanCap}) x) em on r.email is not null
    left join lateral (
      select count(*) filter (where x.created_at > r.t - interval '10 minutes')::int as c10,
             count(*) filter (where x.created_at > r.t - interval '1 hour')::int as c1h,
             count(distinct x.user_id)::int as c_users,
             coalesce(bool_or(x.user_id = r.u), false) as c_user_seen
      from (select x.created_at, x.user_id from transactions x
            where ${inScope} and x.card_key = r.card and x.created_at > r.t - interval '24 hours' and x.created_at <= r.t
            order by x.created_at desc limit ${T.scanCap}) x) cd on r.card is not null
    left join lateral (
      select count(*) filter (where x.created_at > r.t - interval '10 minutes')::int as i10,
             count(*)::int as i1h,
             count(distinct x.user_id)::int as i_users,
             coalesce(bool_or(x.user_id = r.u), false) as i_user_seen
      from (select x.created_at, x.user_id from transactions x
            where ${inScope} and x.ip_address = r.iph and x.created_at > r.t - interval '1 hour' and x.created_at <= r.t
            order by x.created_at desc limit ${T.scanCap}) x) ipx on r.iph is not null
    left join device_sessions s on s.account_id = r.a and s.environment = r.e and s.id = r.sess
    left join lateral (
      select count(*) filter (where x.created_at > r.t - interval '10 minutes')::int as d10,
             count(distinct x.user_id)::int as d_users,
             coalesce(bool_or(x.user_id = r.u), false) as d_user_seen
      from (select x.created_at, x.user_id from transactions x
            where ${inScope} and x.device_id = s.device_id and x.created_at > r.t - interval '24 hours' and x.created_at <= r.t
            order by x.created_at desc limit ${T.scanCap}) x) dv on s.device_id is not null) f
    order by f.i`;

/**
 * The statement's arguments, as array literals: the requests' columns, then the transaction ids
 * of the batches still in flight, whose visibility the statement reports in the same snapshot as
 * the history it reads, then the IP whose history is read: only a client's (ip-ranges.ts). A
 * merchant's server address that every customer's score carries is nobody's history (evaluate.ts
 * ignores it), and reading it cost each score a scan of up to scanCap rows of that one address.
 * The blocklist still matches the address as sent.
 */
export function featureArgs(inputs: ScoreInput[], markers: string[]): string[] {
  const col = <T extends string | number | null>(f: (q: ScoreInput, i: number) => T) => arrayLiteral(inputs.map(f));
  return [
    col((_, i) => i),
    col((q) => q.scope.accountId),
    col((q) => q.scope.environment),
    col((q) => q.at.toISOString()),
    col((q) => q.userId),
    col((q) => q.cardKey),
    col((q) => q.ip),
    col((q) => q.email),
    col((q) => q.currency),
    col((q) => q.sessionId),
    arrayLiteral(markers),
    col((q) => clientIp(q.ip)),
  ];
}

/** How a batch's features statement is run: inline (planned each time), or a prepared statement. */
export type FeatureRunner = (db: Db, args: string[]) => Promise<Raw[]>;
export const runInline: FeatureRunner = (db, args) => rows<Raw>(db, sql.raw(inline(FEATURES_SQL, args)));

/**
 * Reads the features of a batch of requests in ONE statement: the requests, unnested into rows,
 * each joined laterally to bounded index range scans of its user, card, IP, e-mail, session and
 * device history, plus the blocklist and the account's policy/model versions (for cache checks).
 */
export async function loadFeatures(
  db: Db,
  inputs: ScoreInput[],
  run: FeatureRunner = runInline,
  markers: string[] = [],
): Promise<{ features: Features[]; visibleMarkers: Set<string> }> {
  if (inputs.length === 0) return { features: [], visibleMarkers: new Set() };
  const raw = (await run(db, featureArgs(inputs, markers))).map((r) => JSON.parse(String(r.j)) as Raw);
  const first = raw[0]?.visible_markers;
  return { features: raw.map(toFeatures), visibleMarkers: new Set(Array.isArray(first) ? (first as string[]) : parsePgArray(first)) };
}

function toFeatures(r: Raw): Features {
  return {
    user: {
      n10m: num(r.u10),
      n1h: num(r.u1h),
      cards24h: num(r.u_cards),
      cardSeen24h: bool(r.u_card_seen),
      firstSeen: date(r.u_first),
      fraud: bool(r.u_fraud),
      identity: (r.u_identity as Features["user"]["identity"] | undefined) ?? null,
      history: { n: num(r.h_n), currencyN: num(r.h_cur_n), mean: numOrNull(r.h_mean), max: numOrNull(r.h_max), withEmail: num(r.h_email) },
    },
    email:
      r.e_user === null || r.e_user === undefined
        ? null
        : {
            userUses: num(r.e_user),
            userAgedUses: num(r.e_user_aged),
            userFlagged: num(r.e_user_flagged),
            users30d: num(r.e_users),
            userSeen30d: bool(r.e_user_seen),
          },
    card:
      r.c10 === null || r.c10 === undefined
        ? null
        : { n10m: num(r.c10), n1h: num(r.c1h), users24h: num(r.c_users), userSeen24h: bool(r.c_user_seen) },
    ip:
      r.i10 === null || r.i10 === undefined
        ? null
        : { n10m: num(r.i10), n1h: num(r.i1h), users1h: num(r.i_users), userSeen1h: bool(r.i_user_seen) },
    session: {
      found: r.s_id !== null && r.s_id !== undefined,
      deviceId: (r.s_device as string | null) ?? null,
      userId: (r.s_user as string | null) ?? null,
      createdAt: date(r.s_created),
      expiresAt: date(r.s_expires),
      firstSeen: bool(r.s_first),
      identified: bool(r.s_identified),
      automation: bool(r.s_automation),
      contextMismatch: bool(r.s_mismatch),
    },
    device:
      r.d10 === null || r.d10 === undefined
        ? null
        : { n10m: num(r.d10), users24h: num(r.d_users), userSeen24h: bool(r.d_user_seen), flagged: bool(r.d_flagged) },
    blocklisted: (Array.isArray(r.blocked) ? r.blocked : parsePgArray(r.blocked)) as string[],
    policyVersion: num(r.policy_version),
    modelRevision: num(r.model_revision),
  };
}

function parsePgArray(v: unknown): string[] {
  if (typeof v !== "string") return [];
  const inner = v.replace(/^\{|\}$/g, "");
  return inner === "" ? [] : inner.split(",");
}
