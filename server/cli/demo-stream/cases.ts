import type { DemoClient } from "./client";

// After the stream, the team works the alerts the engine raised, as it would through the API:
// opens cases for some of them, adds a note, starts reviewing one.

type Alert = { alert_id: string; alert_type: string; severity: string; summary: string; key: string };

/** The case type a team opens for each kind of alert. */
export const CASE_TYPE: Record<string, string> = {
  card_testing: "payment_fraud",
  velocity_spike: "payment_fraud",
  new_device_cluster: "payment_fraud",
  ato_pattern: "account_takeover",
  identity_abuse: "identity_fraud",
};

/** Every open alert (all pages). */
export async function openAlerts(api: DemoClient): Promise<Alert[]> {
  const out: Alert[] = [];
  let after: string | null = null;
  for (let page = 0; page < 20; page++) {
    const r = await api.get(`/v1/alerts?status=open&limit=100${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    if (r.status !== 200) break;
    out.push(...(r.body.data as Alert[]));
    if (!r.body.has_more) break;
    after = r.body.next_cursor as string;
  }
  return out;
}

/**
 * Waits until the engine has raised what the stream should produce (alerts arrive within two
 * seconds of the request that completes a pattern), or `timeoutMs`.
 */
export async function waitForAlerts(api: DemoClient, expectTypes: readonly string[], timeoutMs: number): Promise<Alert[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alerts = await openAlerts(api);
    const types = new Set(alerts.map((a) => a.alert_type));
    if (expectTypes.every((t) => types.has(t)) || Date.now() > deadline) return alerts;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Opens a case for the first alert of each type in `types`; returns the created case ids. With an
 * analyst id, that analyst is the actor and takes the first case into review.
 */
export async function openCases(api: DemoClient, alerts: readonly Alert[], types: readonly string[], actorId?: string): Promise<string[]> {
  const actor = actorId ? { actor_id: actorId } : {};
  const ids: string[] = [];
  for (const type of types) {
    const alert = alerts.find((a) => a.alert_type === type);
    if (!alert) continue;
    const detail = await api.get(`/v1/alerts/${alert.alert_id}?limit=100`);
    const txns: string[] = detail.status === 200 ? (detail.body.transaction_ids?.data ?? []) : [];
    const users: string[] = detail.status === 200 ? (detail.body.user_ids?.data ?? []) : [];
    const r = await api.post("/v1/cases", {
      title: `${type.replace(/_/g, " ")}: ${alert.summary}`.slice(0, 200),
      case_type: CASE_TYPE[type] ?? "policy_violation",
      severity: alert.severity,
      transaction_ids: txns.slice(0, 100),
      ...(users.length === 1 || type === "ato_pattern" ? { user_id: users[0] } : {}),
      notes: `Opened from alert ${alert.alert_id} (${alert.key}).`,
      alert_id: alert.alert_id,
      ...actor,
    });
    if (r.status === 201) ids.push(r.body.case_id as string);
  }
  const [first, second] = ids;
  if (first) {
    await api.patch(`/v1/cases/${first}`, {
      notes: "Blocked the source at the edge; asking the issuers to reissue the tested cards.",
      ...actor,
    });
    await api.patch(`/v1/cases/${first}`, { status: "in_review", ...(actorId ? { assignee_id: actorId } : {}), ...actor });
  }
  if (second) await api.patch(`/v1/cases/${second}`, { notes: "Customers contacted to confirm the account changes.", ...actor });
  return ids;
}
