import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { alerts, severityLevels, type SeverityLevel } from "../../db/schema";
import { inScope, type Scope } from "../../db/scope";
import { clientIp } from "../scoring";
import { serializeAlert, type AlertResource, type AlertRow } from "./serialize";

// Related open alerts as clusters (README.md, "Clusters"): union-find over the users, devices, cards
// and client IPs the alerts' members share. Read per request; nothing is stored.

/** Unfinished alerts read per request, newest first; older ones wait until these are worked. */
export const CLUSTER_ALERTS_READ = 2000;
/** Members (users, transactions) read per alert: a busy alert must not make one request read all. */
export const CLUSTER_MEMBERS_PER_ALERT = 1000;

const entityTypes = ["user", "device", "card", "ip"] as const;
export type ClusterEntityType = (typeof entityTypes)[number];

export type SharedEntity = { id: string; type: ClusterEntityType; label: string; alert_ids: string[] };

export type AlertCluster = {
  object: "alert_cluster";
  cluster_id: string;
  size: number;
  severity: SeverityLevel;
  alert_ids: string[];
  alerts: AlertResource[];
  shared: SharedEntity[];
  truncated: boolean;
};

export type ClusterPage = { object: "list"; data: AlertCluster[]; has_more: boolean; next_cursor: null; truncated: boolean };

/** `<type>:<value>` when the value names a user, device, card or client IP, else null. */
export function entityOf(id: string): { type: ClusterEntityType; value: string } | null {
  const at = id.indexOf(":");
  if (at <= 0) return null;
  const type = id.slice(0, at) as ClusterEntityType;
  const value = id.slice(at + 1);
  if (!entityTypes.includes(type) || value === "") return null;
  // Private, loopback and CGNAT addresses name a merchant's own infrastructure, not a client.
  if (type === "ip" && !clientIp(value)) return null;
  return { type, value };
}

function labelOf(type: ClusterEntityType, value: string): string {
  if (type !== "card") return value;
  const [bin, last] = value.split(":");
  return `${bin} •••• ${last}`;
}

/** Groups of ids joined by any shared entity; each group in the input order. Pure: tested alone. */
export function unionFind(entitiesByAlert: Map<string, Set<string>>): string[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path compression keeps a long chain of alerts from costing a walk per lookup.
    let at = x;
    while (at !== root) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const owner = new Map<string, string>();
  for (const [alertId, entities] of entitiesByAlert) {
    parent.set(alertId, alertId);
    for (const e of entities) {
      const first = owner.get(e);
      if (first === undefined) owner.set(e, alertId);
      else parent.set(find(alertId), find(first));
    }
  }
  const groups = new Map<string, string[]>();
  for (const alertId of entitiesByAlert.keys()) {
    const root = find(alertId);
    groups.set(root, [...(groups.get(root) ?? []), alertId]);
  }
  return [...groups.values()];
}

type Member = { alert_id: string; entity: string; capped: boolean };

type TransactionRow = {
  alert_id: string;
  device_id: string | null;
  card_key: string | null;
  ip_address: string | null;
  account_id: string;
  environment: string;
};

/** Each unfinished alert's entities: its users, its transactions' devices, cards and IPs. */
async function entitiesOf(db: Db, scope: Scope, alertIds: string[]): Promise<Member[]> {
  if (alertIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    alertIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const cap = CLUSTER_MEMBERS_PER_ALERT;
  // Each read goes through a primary key: the member tables' (alert_id, …), then each member
  // transaction by its id in a lateral of its own (a join left to the planner scanned the
  // account's transactions once per alert). The scope is checked on the rows read, below.
  const [users, txns, capped] = await Promise.all([
    rows<{ alert_id: string; user_id: string }>(
      db,
      sql`select a.id as alert_id, u.user_id from unnest(${ids}) as a(id)
          cross join lateral (select au.user_id from alert_users au where au.alert_id = a.id limit ${cap}) u`,
    ),
    rows<TransactionRow>(
      db,
      sql`select a.id as alert_id, t.device_id, t.card_key, t.ip_address, t.account_id, t.environment
          from unnest(${ids}) as a(id)
          cross join lateral (select m.transaction_id from alert_transactions m where m.alert_id = a.id limit ${cap}) m
          cross join lateral (
            select x.device_id, x.card_key, x.ip_address, x.account_id, x.environment from transactions x where x.id = m.transaction_id) t`,
    ),
    rows<{ alert_id: string }>(
      db,
      sql`select a.id as alert_id from unnest(${ids}) as a(id)
          where (select count(*) from (select 1 from alert_users c where c.alert_id = a.id limit ${cap + 1}) z) > ${cap}
             or (select count(*) from (select 1 from alert_transactions c where c.alert_id = a.id limit ${cap + 1}) z) > ${cap}`,
    ),
  ]);
  const cut = new Set(capped.map((r) => r.alert_id));
  const out: Member[] = users.map((u) => ({ alert_id: u.alert_id, entity: `user:${u.user_id}`, capped: cut.has(u.alert_id) }));
  for (const t of txns) {
    if (t.account_id !== scope.accountId || t.environment !== scope.environment) continue;
    for (const [kind, value] of [
      ["device", t.device_id],
      ["card", t.card_key],
      ["ip", t.ip_address],
    ] as const) {
      if (value !== null) out.push({ alert_id: t.alert_id, entity: `${kind}:${value}`, capped: cut.has(t.alert_id) });
    }
  }
  for (const alertId of cut) out.push({ alert_id: alertId, entity: "", capped: true });
  return out;
}

const rank = (s: SeverityLevel) => severityLevels.indexOf(s);

/**
 * GET /v1/alert-clusters: clusters of two or more related unfinished alerts, the most severe first
 * (then the one whose oldest alert waited longest). `alertId` narrows to the cluster holding it.
 */
export async function listAlertClusters(db: Db, scope: Scope, q: { limit: number; alertId?: string }): Promise<ClusterPage> {
  // Unfinished alerts that no open case holds (a case is already their one disposition), newest first;
  // account-wide volume alerts (key `account`) are about everything, so they join nothing.
  const found: AlertRow[] = await db
    .select()
    .from(alerts)
    .where(
      inScope(
        alerts,
        scope,
        sql`${alerts.status} in ('open', 'acknowledged')`,
        sql`${alerts.key} <> 'account'`,
        sql`not exists (select 1 from cases c where c.id = ${alerts.caseId} and c.status <> 'closed')`,
      ),
    )
    .orderBy(sql`${alerts.createdAt} desc`, sql`${alerts.id} desc`)
    .limit(CLUSTER_ALERTS_READ + 1);
  const readAll = found.length <= CLUSTER_ALERTS_READ;
  const open = found.slice(0, CLUSTER_ALERTS_READ);
  const members = await entitiesOf(
    db,
    scope,
    open.map((a) => a.id),
  );

  const entitiesByAlert = new Map<string, Set<string>>(open.map((a) => [a.id, new Set<string>()]));
  const capped = new Set<string>();
  for (const a of open) if (entityOf(a.key)) entitiesByAlert.get(a.id)!.add(a.key);
  for (const m of members) {
    if (m.capped) capped.add(m.alert_id);
    if (entityOf(m.entity)) entitiesByAlert.get(m.alert_id)?.add(m.entity);
  }

  const byId = new Map(open.map((a) => [a.id, a]));
  const clusters: AlertCluster[] = [];
  for (const group of unionFind(entitiesByAlert)) {
    if (group.length < 2) continue;
    const rowsIn = group
      .map((id) => byId.get(id)!)
      .sort((a, b) => rank(b.severity) - rank(a.severity) || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    const holders = new Map<string, string[]>();
    for (const r of rowsIn) for (const e of entitiesByAlert.get(r.id)!) holders.set(e, [...(holders.get(e) ?? []), r.id]);
    const shared = [...holders]
      .filter(([, ids]) => ids.length > 1)
      .map(([id, ids]) => {
        const { type, value } = entityOf(id)!;
        return { id, type, label: labelOf(type, value), alert_ids: ids };
      })
      .sort(
        (a, b) =>
          b.alert_ids.length - a.alert_ids.length || entityTypes.indexOf(a.type) - entityTypes.indexOf(b.type) || (a.id < b.id ? -1 : 1),
      );
    clusters.push({
      object: "alert_cluster",
      // The lowest alert id: stable while that alert stays in the cluster.
      cluster_id: [...group].sort()[0]!,
      size: group.length,
      severity: rowsIn[0]!.severity,
      alert_ids: rowsIn.map((r) => r.id),
      alerts: rowsIn.map(serializeAlert),
      shared,
      truncated: group.some((id) => capped.has(id)),
    });
  }
  const oldest = (c: AlertCluster) => Math.min(...c.alerts.map((a) => Date.parse(a.created_at)));
  clusters.sort((a, b) => rank(b.severity) - rank(a.severity) || oldest(a) - oldest(b) || (a.cluster_id < b.cluster_id ? -1 : 1));
  const wanted = q.alertId ? clusters.filter((c) => c.alert_ids.includes(q.alertId!)) : clusters;
  return {
    object: "list",
    data: wanted.slice(0, q.limit),
    has_more: wanted.length > q.limit,
    next_cursor: null,
    truncated: !readAll || capped.size > 0,
  };
}
