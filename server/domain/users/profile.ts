import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { alerts, alertUsers, cases, decisions, identityVerifications, screenings, transactions } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { notFound } from "../../core/errors";
import { iso } from "../../core/time";
import { serializeDecision } from "../scoring";
import { serializeVerification } from "../identity";
import { serializeScreening } from "../screening";
import { entitiesOfUser, type EntityKind, type Link } from "../graph";

// GET /v1/users/{user_id} (README.md): everything the account's own records say about one of its
// users, each part read through an index on (account, environment, user_id).

/** How many of each kept in a profile's lists (the most recent first). */
export const PROFILE_LIST_LIMIT = 20;

type Counts = {
  transaction_count: string | number;
  first_txn: Date | string | null;
  last_txn: Date | string | null;
  allow: string | number;
  challenge: string | number;
  block: string | number;
  reviewed_allow: string | number;
  reviewed_challenge: string | number;
  reviewed_block: string | number;
  pending: string | number;
  fraud: string | number;
  legit: string | number;
};

async function transactionCounts(db: Db, scope: Scope, userId: string): Promise<Counts> {
  const [c] = await rows<Counts>(
    db,
    sql`select count(*) as transaction_count, min(created_at) as first_txn, max(created_at) as last_txn,
          count(*) filter (where decision = 'allow') as allow,
          count(*) filter (where decision = 'challenge') as challenge,
          count(*) filter (where decision = 'block') as block,
          count(*) filter (where reviewed_decision = 'allow') as reviewed_allow,
          count(*) filter (where reviewed_decision = 'challenge') as reviewed_challenge,
          count(*) filter (where reviewed_decision = 'block') as reviewed_block,
          count(*) filter (where decision in ('challenge', 'block') and reviewed_decision is null) as pending,
          count(*) filter (where label = 'fraud') as fraud,
          count(*) filter (where label = 'legit') as legit
        from ${transactions}
        where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${userId}`,
  );
  return c!;
}

/** When the user first and last appeared in sessions, verifications and screenings. */
async function otherSightings(db: Db, scope: Scope, userId: string): Promise<{ first: Date | string | null; last: Date | string | null }> {
  const [r] = await rows<{ first: Date | string | null; last: Date | string | null }>(
    db,
    sql`select min(t) as first, max(t) as last from (
          select min(created_at) as t from device_sessions where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${userId}
          union all select max(created_at) from device_sessions where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${userId}
          union all select min(created_at) from identity_verifications where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${userId}
          union all select max(created_at) from identity_verifications where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${userId}
          union all select min(created_at) from screenings where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${userId}
          union all select max(created_at) from screenings where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${userId}
        ) s`,
  );
  return r ?? { first: null, last: null };
}

const n = (v: string | number) => Number(v);
const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

const entity = (e: Link) => ({ first_seen_at: iso(e.firstSeen), last_seen_at: iso(e.lastSeen), count: e.count });

/** The user's entities of one kind, most recently used first. */
const ofKind = (links: Link[], kind: EntityKind) =>
  links
    .filter((l) => l.kind === kind)
    .sort((a, b) => b.lastSeen.getTime() - a.lastSeen.getTime())
    .slice(0, PROFILE_LIST_LIMIT);

export async function getUserProfile(db: Db, scope: Scope, userId: string) {
  const [counts, sightings, used, latestDecisions, verification, screened, openAlerts, userCases] = await Promise.all([
    transactionCounts(db, scope, userId),
    otherSightings(db, scope, userId),
    entitiesOfUser(db, scope, userId),
    db
      .select({ d: decisions })
      .from(decisions)
      .innerJoin(
        transactions,
        and(
          eq(transactions.id, decisions.transactionId),
          eq(transactions.accountId, decisions.accountId),
          eq(transactions.environment, decisions.environment),
        ),
      )
      .where(and(inScope(transactions, scope, eq(transactions.userId, userId)), inScope(decisions, scope)))
      .orderBy(desc(decisions.createdAt), desc(decisions.id))
      .limit(PROFILE_LIST_LIMIT),
    db
      .select()
      .from(identityVerifications)
      .where(inScope(identityVerifications, scope, eq(identityVerifications.userId, userId)))
      .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
      .limit(1),
    db
      .select()
      .from(screenings)
      .where(inScope(screenings, scope, eq(screenings.userId, userId)))
      .orderBy(desc(screenings.createdAt), desc(screenings.id))
      .limit(PROFILE_LIST_LIMIT),
    db
      .select({ id: alerts.id })
      .from(alertUsers)
      .innerJoin(alerts, eq(alerts.id, alertUsers.alertId))
      .where(and(inScope(alertUsers, scope, eq(alertUsers.userId, userId)), inArray(alerts.status, ["open", "acknowledged"])))
      .orderBy(desc(alerts.createdAt), desc(alerts.id)),
    db
      .select({ id: cases.id })
      .from(cases)
      .where(inScope(cases, scope, eq(cases.userId, userId)))
      .orderBy(desc(cases.createdAt), desc(cases.id)),
  ]);
  const seen = [time(counts.first_txn), time(counts.last_txn), time(sightings.first), time(sightings.last)].filter(
    (t): t is number => t !== null,
  );
  if (seen.length === 0) throw notFound("user in this environment", "user_id");
  return {
    object: "user_profile" as const,
    user_id: userId,
    first_seen_at: iso(Math.min(...seen)),
    last_seen_at: iso(Math.max(...seen)),
    transaction_count: n(counts.transaction_count),
    decisions: {
      engine: { allow: n(counts.allow), challenge: n(counts.challenge), block: n(counts.block) },
      analyst: { allow: n(counts.reviewed_allow), challenge: n(counts.reviewed_challenge), block: n(counts.reviewed_block) },
      pending_review: n(counts.pending),
      latest: latestDecisions.map((r) => serializeDecision(r.d)),
    },
    labels: { fraud: n(counts.fraud), legit: n(counts.legit) },
    devices: ofKind(used, "device").map((e) => ({ device_id: e.key, ...entity(e) })),
    ip_addresses: ofKind(used, "ip").map((e) => ({ ip_address: e.key, ...entity(e) })),
    cards: ofKind(used, "card").map((e) => ({
      card_bin: e.key.split(":")[0]!,
      last_four: e.key.split(":")[1]!,
      label: e.label,
      ...entity(e),
    })),
    emails: ofKind(used, "email").map((e) => ({ email: e.key, ...entity(e) })),
    latest_verification: verification[0] ? serializeVerification(verification[0]) : null,
    screenings: screened.map(serializeScreening),
    open_alert_ids: openAlerts.map((a) => a.id),
    case_ids: userCases.map((c) => c.id),
  };
}

export type UserProfile = Awaited<ReturnType<typeof getUserProfile>>;
