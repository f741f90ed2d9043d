import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import { notFound } from "../../core/errors";
import { iso } from "../../core/time";
import { entitiesOfUser, nodeId, ROWS_PER_ENTITY, usersOfEntities, type EntityKind, type Link } from "./links";

// GET /v1/graph (README.md): the users joined to one user through what they shared. A user and the
// entity they used are one hop apart, so two users of one device are two hops apart; depth 2 (the
// default) is the root, what it used, and the other users of those.

export const nodeFlags = ["blocked", "confirmed_fraud", "open_alert", "open_case", "watchlist"] as const;
export type NodeFlag = (typeof nodeFlags)[number];
export type NodeType = "user" | EntityKind;

export type GraphNode = { id: string; type: NodeType; label: string; user_id?: string; flags: NodeFlag[] };
export type GraphEdge = { source: string; target: string; type: EntityKind; first_seen_at: string; last_seen_at: string; count: number };

export const DEFAULT_GRAPH_LIMIT = 200;
export const MAX_GRAPH_LIMIT = 1000;

const recentFirst = (a: Link, b: Link) => b.lastSeen.getTime() - a.lastSeen.getTime() || b.count - a.count;

const edgeOf = (l: Link): GraphEdge => ({
  source: nodeId("user", l.userId),
  target: nodeId(l.kind, l.key),
  type: l.kind,
  first_seen_at: iso(l.firstSeen),
  last_seen_at: iso(l.lastSeen),
  count: l.count,
});

const list = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The flags of the graph's users and entities: one statement, each part read through an index. */
async function flagsOf(
  db: Db,
  scope: Scope,
  userIds: string[],
  entities: { id: string; kind: EntityKind; key: string }[],
  fraudEntities: Set<string>,
) {
  const flags = new Map<string, Set<NodeFlag>>();
  const add = (id: string, flag: NodeFlag) => flags.set(id, (flags.get(id) ?? new Set()).add(flag));
  const users = list(userIds.length > 0 ? userIds : [""]);
  const a = scope.accountId;
  const e = scope.environment;
  const blockable = entities.filter((x) => ["card", "email", "device", "ip"].includes(x.kind));
  const found = await rows<{ id: string; flag: NodeFlag }>(
    db,
    sql`select distinct 'user:' || user_id as id, 'blocked' as flag from transactions
          where account_id = ${a} and environment = ${e} and user_id = any(${users}) and coalesce(reviewed_decision, decision) = 'block'
        union all
        select distinct 'user:' || user_id, 'confirmed_fraud' from transactions
          where account_id = ${a} and environment = ${e} and user_id = any(${users}) and label = 'fraud'
        union all
        select distinct 'user:' || u.user_id, 'open_alert' from alert_users u join alerts x on x.id = u.alert_id
          where u.account_id = ${a} and u.environment = ${e} and u.user_id = any(${users}) and x.status in ('open', 'acknowledged')
        union all
        select distinct key, 'open_alert' from alerts
          where account_id = ${a} and environment = ${e} and status in ('open', 'acknowledged')
            and key = any(${list(entities.length > 0 ? entities.map((x) => x.id) : [""])})
        union all
        select distinct 'user:' || user_id, 'open_case' from cases
          where account_id = ${a} and environment = ${e} and user_id = any(${users}) and status in ('open', 'in_review')
        union all
        select distinct 'user:' || user_id, 'watchlist' from screenings
          where account_id = ${a} and environment = ${e} and user_id = any(${users})
            and status in ('match', 'possible_match') and review_state in ('pending_review', 'true_match', 'needs_information')
        union all
        select kind || ':' || value, 'blocked' from blocklist_entries
          where account_id = ${a} and environment = ${e}
            and (kind, value) in (select * from unnest(${list(blockable.map((x) => x.kind))}, ${list(blockable.map((x) => x.key))}))`,
  );
  for (const r of found) add(r.id, r.flag);
  for (const id of fraudEntities) add(id, "confirmed_fraud");
  return (id: string): NodeFlag[] => nodeFlags.filter((f) => flags.get(id)?.has(f));
}

/**
 * The link graph around a user: at most `limit` nodes (the root, then what it used most recently,
 * then the other users of those, most recent link first); `truncated` when anything was left out,
 * including links beyond the ROWS_PER_ENTITY most recent rows of a busy entity. 404 for a user
 * never seen in this environment.
 */
export async function linkGraph(db: Db, scope: Scope, input: { userId: string; depth: 1 | 2; limit: number }) {
  const root = nodeId("user", input.userId);
  const own = (await entitiesOfUser(db, scope, input.userId)).sort(recentFirst);
  if (own.length === 0) {
    const [seen] = await rows<{ one: number }>(
      db,
      sql`select 1 as one where exists (select 1 from transactions where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${input.userId})
          or exists (select 1 from device_sessions where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${input.userId})
          or exists (select 1 from identity_verifications where account_id = ${scope.accountId} and environment = ${scope.environment} and user_id = ${input.userId})`,
    );
    if (!seen) throw notFound("user in this environment", "user_id");
  }
  let truncated = false;
  const nodes = new Map<string, Omit<GraphNode, "flags">>([[root, { id: root, type: "user", label: input.userId, user_id: input.userId }]]);
  const edges: Link[] = [];
  const room = () => nodes.size < input.limit;
  const entities: { id: string; kind: EntityKind; key: string; label: string }[] = [];
  for (const l of own) {
    const id = nodeId(l.kind, l.key);
    if (!room()) {
      truncated = true;
      break;
    }
    nodes.set(id, { id, type: l.kind, label: l.label });
    entities.push({ id, kind: l.kind, key: l.key, label: l.label });
    edges.push(l);
  }
  const fraudEntities = new Set(own.filter((l) => l.fraud).map((l) => nodeId(l.kind, l.key)));
  if (input.depth === 2 && entities.length > 0) {
    const links = await usersOfEntities(db, scope, entities);
    // A busy entity's users were read from its most recent rows only: say so.
    const perEntity = new Map<string, number>();
    for (const l of links) {
      const id = nodeId(l.kind, l.key);
      perEntity.set(id, (perEntity.get(id) ?? 0) + l.count);
      if (l.fraud) fraudEntities.add(id);
    }
    if ([...perEntity.values()].some((n) => n >= ROWS_PER_ENTITY)) truncated = true;
    const shared = links.filter((l) => l.userId !== input.userId);
    for (const l of shared.sort(recentFirst)) {
      const user = nodeId("user", l.userId);
      if (!nodes.has(user)) {
        if (!room()) {
          truncated = true;
          continue;
        }
        nodes.set(user, { id: user, type: "user", label: l.userId, user_id: l.userId });
      }
      edges.push(l);
    }
  }
  const userIds = [...nodes.values()].filter((n) => n.type === "user").map((n) => n.user_id!);
  const flagsFor = await flagsOf(db, scope, userIds, entities, fraudEntities);
  return {
    object: "entity_graph" as const,
    root,
    nodes: [...nodes.values()].map((n) => ({ ...n, flags: flagsFor(n.id) })),
    edges: edges.map(edgeOf),
    truncated,
  };
}

export type EntityGraph = Awaited<ReturnType<typeof linkGraph>>;
