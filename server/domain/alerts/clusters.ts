import { sql } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import { arrayText } from "../../db/array-text";
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
  // Pushed, not copied: one cluster of a thousand alerts would copy its list a thousand times.
  const groups = new Map<string, string[]>();
  for (const alertId of entitiesByAlert.keys()) {
    const root = find(alertId);
    const group = groups.get(root);
    if (group) group.push(alertId);
    else groups.set(root, [alertId]);
  }
  return [...groups.values()];
}

type SharedPair = { alert_id: string; entity: string };

/**
 * The entities two or more of these alerts hold (their keys, users, and member transactions'
 * devices, cards and IPs), as distinct (alert, entity) pairs, and the alerts cut by the per-alert
 * read cap. One statement: the database reads the first CLUSTER_MEMBERS_PER_ALERT users and
 * transactions of each alert through the member tables' primary keys (in id order; a member row
 * carries its transaction's device, card and address), finds the entities held by more than one
 * alert (min <> max of the alert's position: no sort, no distinct over every pair) and returns
 * only their holders. An entity one alert holds can neither join two alerts nor be `shared`, so
 * Node decodes hundreds of rows instead of one per member (159,000 for 1,000 busy alerts).
 */
async function sharedEntitiesOf(db: Db, open: AlertRow[]): Promise<{ pairs: SharedPair[]; capped: Set<string> }> {
  if (open.length === 0) return { pairs: [], capped: new Set() };
  const cap = CLUSTER_MEMBERS_PER_ALERT;
  const found = await rows<{ n: number | string; entity: string }>(
    db,
    sql`with a as (
          select * from unnest(${arrayText(open.map((r) => r.id))}::text[], ${arrayText(open.map((r) => r.key))}::text[])
            with ordinality as a(id, key, n)),
        t as materialized (
          select a.n, m.device_id, m.card_key, m.ip_address from a cross join lateral (
            select x.device_id, x.card_key, x.ip_address from alert_transactions x
            where x.alert_id = a.id order by x.transaction_id limit ${cap}) m),
        pairs as materialized (
          select a.n, a.key as entity from a
          union all
          select a.n, 'user:' || m.user_id from a cross join lateral (
            select x.user_id from alert_users x where x.alert_id = a.id order by x.user_id limit ${cap}) m
          union all select n, 'device:' || device_id from t where device_id is not null
          union all select n, 'card:' || card_key from t where card_key is not null
          union all select n, 'ip:' || ip_address from t where ip_address is not null),
        held as (select entity from pairs group by entity having min(n) <> max(n))
        select distinct p.n, p.entity from pairs p join held h on h.entity = p.entity`,
  );
  // The alerts' member counts are exact (joining counts what it inserts): more than the cap read means cut.
  const capped = new Set(open.filter((r) => r.affectedUsers > cap || r.affectedTransactions > cap).map((r) => r.id));
  return { pairs: found.map((r) => ({ alert_id: open[Number(r.n) - 1]!.id, entity: r.entity })), capped };
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
  const { pairs, capped } = await sharedEntitiesOf(db, open);

  const entitiesByAlert = new Map<string, Set<string>>(open.map((a) => [a.id, new Set<string>()]));
  for (const p of pairs) if (entityOf(p.entity)) entitiesByAlert.get(p.alert_id)?.add(p.entity);

  const byId = new Map(open.map((a) => [a.id, a]));
  const clusters: AlertCluster[] = [];
  for (const group of unionFind(entitiesByAlert)) {
    if (group.length < 2) continue;
    const rowsIn = group
      .map((id) => byId.get(id)!)
      .sort((a, b) => rank(b.severity) - rank(a.severity) || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    const holders = new Map<string, string[]>();
    for (const r of rowsIn) {
      for (const e of entitiesByAlert.get(r.id)!) {
        const held = holders.get(e);
        if (held) held.push(r.id);
        else holders.set(e, [r.id]);
      }
    }
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
