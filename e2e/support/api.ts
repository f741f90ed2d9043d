import { readState } from "./state";

// The specs find their subjects (an open alert, an unassigned case, a transaction) by asking the
// API directly, from Node, with the console's pre-production key. The browser never sees it.

export type ListPage<T> = { data: T[]; has_more?: boolean; next_cursor?: string | null };

export async function apiGet<T>(path: string, environment: "test" | "live" = "test"): Promise<T> {
  const state = readState();
  const base = environment === "test" ? state.sandboxApiUrl : state.apiUrl;
  const key = environment === "test" ? state.secrets.testKey : state.secrets.liveKey;
  const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export type ApiAlert = { alert_id: string; summary: string; status: string; alert_type: string; severity: string };
export type ApiCase = { case_id: string; title: string; status: string; assignee_id: string | null; transaction_ids: string[] };

export async function listAlerts(query = ""): Promise<ApiAlert[]> {
  return (await apiGet<ListPage<ApiAlert>>(`/v1/alerts?limit=100${query ? `&${query}` : ""}`)).data;
}

export async function listCases(query = ""): Promise<ApiCase[]> {
  return (await apiGet<ListPage<ApiCase>>(`/v1/cases?limit=100${query ? `&${query}` : ""}`)).data;
}

export async function getAlertTransactions(alertId: string): Promise<string[]> {
  const alert = await apiGet<{ transaction_ids: ListPage<string> }>(`/v1/alerts/${encodeURIComponent(alertId)}?limit=25`);
  return alert.transaction_ids.data;
}

/** Opens a case through the API (test data for queue specs; the console's own path is tested elsewhere). */
export async function createCase(
  title: string,
  severity: "low" | "medium" | "high" | "critical" = "medium",
  extra: { notes?: string; user_id?: string } = {},
): Promise<string> {
  const state = readState();
  const res = await fetch(`${state.sandboxApiUrl}/v1/cases`, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.secrets.testKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title, case_type: "payment_fraud", severity, ...extra }),
  });
  if (!res.ok) throw new Error(`POST /v1/cases: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { case_id: string }).case_id;
}

/** A pre-production webhook endpoint to open (the one a spec added, or a new one: specs run in any order). */
export async function ensureWebhookEndpoint(): Promise<string> {
  const listed = await apiGet<ListPage<{ webhook_id: string }>>("/v1/webhooks");
  if (listed.data[0]) return listed.data[0].webhook_id;
  const state = readState();
  const res = await fetch(`${state.sandboxApiUrl}/v1/webhooks`, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.secrets.testKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ url: "https://93.184.215.14/argus-e2e/views", events: ["alert.sla_breached"] }),
  });
  if (!res.ok) throw new Error(`POST /v1/webhooks: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { webhook_id: string }).webhook_id;
}

export type ApiScreening = { screening_id: string; status: string; review_state: string; user_id: string | null };

export async function listScreenings(query = "limit=100"): Promise<ApiScreening[]> {
  return (await apiGet<ListPage<ApiScreening>>(`/v1/identity/screenings?${query}`)).data;
}

export type ApiCaseEvent = { action: string; note?: string };

export async function getCaseEvents(caseId: string): Promise<ApiCaseEvent[]> {
  return (await apiGet<{ events: ApiCaseEvent[] }>(`/v1/cases/${encodeURIComponent(caseId)}`)).events;
}

/** Submits an identity verification through the API (test data: a listed name waits on the watchlist review). */
export async function verifyIdentity(
  body: Record<string, unknown>,
): Promise<{ verification_id: string; screening_id: string | null; status: string }> {
  const state = readState();
  const res = await fetch(`${state.sandboxApiUrl}/v1/identity/verify`, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.secrets.testKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST /v1/identity/verify: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as { verification_id: string; screening_id: string | null; status: string };
}

/** Scores a transaction in pre-production that the engine challenges or blocks: it waits for review. */
export async function scoreChallenged(userId: string): Promise<string> {
  const state = readState();
  const res = await fetch(`${state.sandboxApiUrl}/v1/transactions/score`, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.secrets.testKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      amount: 2500,
      currency: "USD",
      // A disposable e-mail, an unknown BIN on an expired card and a reserved IP: whatever the demo's policy, well up.
      payment_method: { type: "card", card_bin: "999999", last_four: "0001", expiry_month: 1, expiry_year: 2001 },
      user: { id: userId, email: `${userId}@mailinator.com`, ip_address: "10.1.1.1" },
    }),
  });
  if (!res.ok) throw new Error(`POST /v1/transactions/score: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { transaction_id: string; decision: string };
  if (body.decision !== "challenge" && body.decision !== "block") throw new Error(`a score that waits for review was ${body.decision}`);
  return body.transaction_id;
}
