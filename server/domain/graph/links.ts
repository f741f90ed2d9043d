import { sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "../../db/client";
import type { Scope } from "../../db/scope";
import { clientIp } from "../scoring";

// The links between users and what they used (README.md): each read through an index on the
// (account, environment, value) of its table. Node ids are `<kind>:<value>`, the form the
// detection engine gives its alert keys (`ip:203.0.113.7`, `device:dev_…`), so an entity's open
// alert is found by its id.

export const entityKinds = ["device", "card", "ip", "email", "phone", "address", "document"] as const;
export type EntityKind = (typeof entityKinds)[number];

/** One user's use of one entity: when first and last, how often, and whether any of it was fraud. */
export type Link = {
  kind: EntityKind;
  /** The entity's value: device id, `bin:last4`, IP, e-mail, or the identity record's key. */
  key: string;
  label: string;
  userId: string;
  firstSeen: Date;
  lastSeen: Date;
  count: number;
  fraud: boolean;
};

/** Rows read per entity when looking for the users behind it, the most recent first. */
export const ROWS_PER_ENTITY = 1000;

type Raw = {
  kind: EntityKind;
  key: string | null;
  user_id: string;
  first: Date | string;
  last: Date | string;
  n: string | number;
  fraud: boolean | null;
  label?: string | null;
};

const list = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export const nodeId = (kind: EntityKind | "user", key: string) => `${kind}:${key}`;

function cardLabel(key: string): string {
  const [bin, last] = key.split(":");
  return `${bin} •••• ${last}`;
}

/** A masked phone: its last four digits. */
function phoneLabel(phone: unknown): string {
  const digits = typeof phone === "string" ? phone.replace(/\D/g, "") : "";
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : "phone";
}

function addressLabel(address: unknown): string {
  if (!address || typeof address !== "object") return "address";
  const a = address as Record<string, unknown>;
  const parts = [a.line1, a.city, a.postal_code, a.country].filter((p): p is string => typeof p === "string" && p.length > 0);
  return parts.length > 0 ? parts.join(", ") : "address";
}

/** A document as stored: its type and the number masked at submission. */
function documentLabel(document: unknown, registration: unknown): string {
  if (document && typeof document === "object") {
    const d = document as Record<string, unknown>;
    return [d.type, d.number].filter((p) => typeof p === "string").join(" ") || "document";
  }
  return typeof registration === "string" ? `registration ••••${registration.slice(-2)}` : "document";
}

function labelOf(kind: EntityKind, key: string, raw: string | null | undefined): string {
  if (kind === "card") return cardLabel(key);
  return raw ?? key;
}

function toLinks(found: Raw[]): Link[] {
  const out: Link[] = [];
  for (const r of found) {
    if (r.key === null) continue;
    if (r.kind === "ip" && !clientIp(r.key)) continue;
    out.push({
      kind: r.kind,
      key: r.key,
      label: labelOf(r.kind, r.key, r.label),
      userId: r.user_id,
      firstSeen: new Date(r.first),
      lastSeen: new Date(r.last),
      count: Number(r.n),
      fraud: Boolean(r.fraud),
    });
  }
  return out;
}

const scoped = (scope: Scope, alias: string) =>
  sql`${sql.raw(alias)}.account_id = ${scope.accountId} and ${sql.raw(alias)}.environment = ${scope.environment}`;

/** Identity records' keys of the users given, with labels from the stored (masked) subject. */
function identityLinks(
  found: {
    user_id: string;
    document_key: string | null;
    phone_key: string | null;
    address_key: string | null;
    subject: Record<string, unknown>;
    created_at: Date | string;
  }[],
): Link[] {
  const byKey = new Map<string, Link>();
  for (const r of found) {
    const at = new Date(r.created_at);
    const s = r.subject ?? {};
    const parts: [EntityKind, string | null, string][] = [
      ["document", r.document_key, documentLabel(s.document, s.registration_number)],
      ["phone", r.phone_key, phoneLabel(s.phone)],
      ["address", r.address_key, addressLabel(s.address ?? s.registered_address)],
    ];
    for (const [kind, key, label] of parts) {
      if (!key) continue;
      const id = `${kind}:${key}:${r.user_id}`;
      const l = byKey.get(id);
      if (l) {
        l.count++;
        if (at < l.firstSeen) l.firstSeen = at;
        if (at > l.lastSeen) l.lastSeen = at;
      } else byKey.set(id, { kind, key, label, userId: r.user_id, firstSeen: at, lastSeen: at, count: 1, fraud: false });
    }
  }
  return [...byKey.values()];
}

/**
 * Everything one user used: devices (live transactions and identified device sessions), cards, client
 * IPs and e-mails (live transactions), documents, phones and addresses (identity verifications).
 */
export async function entitiesOfUser(db: Db, scope: Scope, userId: string): Promise<Link[]> {
  const [used, fromIdentity] = await Promise.all([
    rows<Raw>(
      db,
      sql`select case when grouping(device_id) = 0 then 'device' when grouping(card_key) = 0 then 'card' when grouping(ip_address) = 0 then 'ip' else 'email' end as kind,
            coalesce(device_id, card_key, ip_address, email) as key, ${userId} as user_id,
            min(created_at) as first, max(created_at) as last, count(*) as n, bool_or(label = 'fraud') as fraud
          from transactions t where ${scoped(scope, "t")} and user_id = ${userId}
          group by grouping sets ((device_id), (card_key), (ip_address), (email))
          union all
          select 'device', device_id, ${userId}, min(created_at), max(created_at), count(*), false
          from device_sessions s where ${scoped(scope, "s")} and user_id = ${userId} and identified
          group by device_id`,
    ),
    rows<{
      user_id: string;
      document_key: string | null;
      phone_key: string | null;
      address_key: string | null;
      subject: Record<string, unknown>;
      created_at: Date | string;
    }>(
      db,
      sql`select user_id, document_key, phone_key, address_key, subject, created_at from identity_verifications v
          where ${scoped(scope, "v")} and user_id = ${userId} order by created_at desc limit 50`,
    ),
  ]);
  return merge([...toLinks(used), ...identityLinks(fromIdentity)]);
}

/** One link per (kind, key, user): sources of the same link add up. */
function merge(links: Link[]): Link[] {
  const byId = new Map<string, Link>();
  for (const l of links) {
    const id = `${l.kind}\u0000${l.key}\u0000${l.userId}`;
    const had = byId.get(id);
    if (!had) {
      byId.set(id, { ...l });
      continue;
    }
    had.count += l.count;
    had.fraud ||= l.fraud;
    if (l.firstSeen < had.firstSeen) had.firstSeen = l.firstSeen;
    if (l.lastSeen > had.lastSeen) had.lastSeen = l.lastSeen;
    if (had.label === had.key) had.label = l.label;
  }
  return [...byId.values()];
}

const TRANSACTION_COLUMN: Partial<Record<EntityKind, string>> = { device: "device_id", card: "card_key", ip: "ip_address", email: "email" };
const IDENTITY_COLUMN: Partial<Record<EntityKind, string>> = { document: "document_key", phone: "phone_key", address: "address_key" };

/**
 * The users of entities in live transactions and device sessions, in one statement: per entity, the
 * latest ROWS_PER_ENTITY rows through the index on its column.
 */
function transactionAndSessionUsers(db: Db, scope: Scope, byKind: Map<EntityKind, string[]>): Promise<Raw[]> {
  const parts: SQL[] = [];
  for (const [kind, keys] of byKind) {
    const column = TRANSACTION_COLUMN[kind];
    if (!column || keys.length === 0) continue;
    parts.push(sql`select ${kind} as kind, e.key, x.user_id, min(x.created_at) as first, max(x.created_at) as last, count(*) as n, bool_or(x.label = 'fraud') as fraud
        from unnest(${list(keys)}) as e(key)
        cross join lateral (
          select t.user_id, t.created_at, t.label from transactions t
          where ${scoped(scope, "t")} and t.${sql.raw(column)} = e.key
          order by t.created_at desc limit ${ROWS_PER_ENTITY}) x
        group by e.key, x.user_id`);
  }
  const devices = byKind.get("device");
  if (devices?.length) {
    parts.push(sql`select 'device' as kind, e.key, x.user_id, min(x.created_at) as first, max(x.created_at) as last, count(*) as n, false as fraud
        from unnest(${list(devices)}) as e(key)
        cross join lateral (
          select s.user_id, s.created_at from device_sessions s
          where ${scoped(scope, "s")} and s.device_id = e.key and s.user_id is not null
          order by s.created_at desc limit ${ROWS_PER_ENTITY}) x
        group by e.key, x.user_id`);
  }
  if (parts.length === 0) return Promise.resolve([]);
  return rows<Raw>(db, sql.join(parts, sql` union all `));
}

async function identityUsers(db: Db, scope: Scope, byKind: Map<EntityKind, string[]>): Promise<Link[]> {
  const conditions: SQL[] = [];
  for (const [kind, keys] of byKind) {
    const column = IDENTITY_COLUMN[kind];
    if (column && keys.length > 0) conditions.push(sql`v.${sql.raw(column)} = any(${list(keys)})`);
  }
  if (conditions.length === 0) return [];
  const found = await rows<{
    user_id: string;
    document_key: string | null;
    phone_key: string | null;
    address_key: string | null;
    subject: Record<string, unknown>;
    created_at: Date | string;
  }>(
    db,
    sql`select user_id, document_key, phone_key, address_key, subject, created_at from identity_verifications v
        where ${scoped(scope, "v")} and (${sql.join(conditions, sql` or `)})
        order by created_at desc limit ${ROWS_PER_ENTITY * 3}`,
  );
  const wanted = new Set([...byKind].flatMap(([kind, keys]) => keys.map((k) => `${kind}:${k}`)));
  return identityLinks(found).filter((l) => wanted.has(`${l.kind}:${l.key}`));
}

/** Every user of the given entities (the root's own links included), one link per (entity, user). */
export async function usersOfEntities(db: Db, scope: Scope, entities: { kind: EntityKind; key: string; label: string }[]): Promise<Link[]> {
  const byKind = new Map<EntityKind, string[]>();
  for (const e of entities) byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), e.key]);
  const [identity, found] = await Promise.all([identityUsers(db, scope, byKind), transactionAndSessionUsers(db, scope, byKind)]);
  const labels = new Map(entities.map((e) => [`${e.kind}:${e.key}`, e]));
  const links = merge([...toLinks(found), ...identity]);
  // One node, one label: the one the root's link gave (identity records label the same key each their way).
  return links.map((l) => ({ ...l, label: labels.get(`${l.kind}:${l.key}`)?.label ?? l.label }));
}
