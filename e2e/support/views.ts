import { expect, type Page } from "@playwright/test";
import { apiGet, ensureWebhookEndpoint, getAlertTransactions, listAlerts, listCases } from "./api";
import type { Role } from "./state";

// Every view of the console, for the tours (leak test, axe, screenshots). Detail pages get their
// ids from the demo data in pre-production.

export type View = {
  /** File-name friendly: screenshots/<name>.png. */
  name: string;
  path: string;
  /** Who looks at it; undefined: signed out. */
  role: Role | undefined;
  /** HTTP status of the document (403 for a refused role). */
  status?: number;
  /** CSS selectors axe leaves out: third-party widgets the console does not draw itself. */
  axeExclude?: string[];
  /** A detail page reached through its list: `path` is the list, the view is its first row's link. */
  firstLinkOf?: boolean;
};

export type Subjects = { alertId: string; caseId: string; transactionId: string; userId: string | undefined };

/** An alert with transactions, a case, and a transaction of that alert, from the demo traffic. */
export async function findSubjects(): Promise<Subjects> {
  const alerts = await listAlerts();
  let alertId: string | undefined;
  let transactionId: string | undefined;
  for (const alert of alerts) {
    const txns = await getAlertTransactions(alert.alert_id);
    if (txns[0]) {
      alertId = alert.alert_id;
      transactionId = txns[0];
      break;
    }
  }
  const cases = await listCases();
  await ensureWebhookEndpoint();
  if (!alertId || !transactionId) throw new Error("the demo traffic raised no alert with transactions");
  if (!cases[0]) throw new Error("the demo traffic opened no case");
  const txn = await apiGet<{ user_id?: string }>(`/v1/transactions/${encodeURIComponent(transactionId)}`).catch(() => ({
    user_id: undefined,
  }));
  // A case of the demo's (with linked transactions) rather than one a spec opened bare.
  const kase = cases.find((c) => c.transaction_ids.length > 0) ?? cases[0];
  return { alertId, caseId: kase.case_id, transactionId, userId: txn.user_id };
}

export function allViews(s: Subjects): View[] {
  const e = encodeURIComponent;
  return [
    { name: "landing", path: "/", role: undefined },
    { name: "sign-in", path: "/sign-in", role: undefined },
    // Swagger UI's own markup (contrast of its method badges, buttons nested in its operation
    // summaries) is upstream's; the page around it is checked.
    { name: "api-reference", path: "/reference", role: undefined, axeExclude: [".swagger-ui"] },
    { name: "overview", path: "/overview", role: "analyst" },
    { name: "alerts", path: "/alerts", role: "analyst" },
    { name: "alert-detail", path: `/alerts/${e(s.alertId)}`, role: "analyst" },
    { name: "cases", path: "/cases", role: "analyst" },
    { name: "case-detail", path: `/cases/${e(s.caseId)}`, role: "lead" },
    { name: "case-print", path: `/cases/${e(s.caseId)}/print`, role: "analyst" },
    { name: "case-queue", path: "/cases/queue", role: "lead" },
    { name: "approvals", path: "/approvals", role: "lead" },
    { name: "transactions", path: "/transactions", role: "analyst" },
    { name: "transactions-blocked", path: "/transactions?show=blocked", role: "analyst" },
    { name: "transactions-needs-review", path: "/transactions?show=review", role: "analyst" },
    { name: "transaction-detail", path: `/transactions/${e(s.transactionId)}`, role: "analyst" },
    ...(s.userId ? [{ name: "user-detail", path: `/users/${e(s.userId)}`, role: "analyst" as const }] : []),
    { name: "events", path: "/events", role: "analyst" },
    { name: "events-by-transaction", path: `/events?transaction_id=${e(s.transactionId)}`, role: "analyst" },
    { name: "watchlist", path: "/watchlist", role: "analyst" },
    { name: "watchlist-detail", path: "/watchlist", role: "analyst", firstLinkOf: true },
    { name: "identity", path: "/identity", role: "analyst" },
    { name: "identity-detail", path: "/identity?status=all", role: "analyst", firstLinkOf: true },
    { name: "batch-scoring", path: "/batch-scoring", role: "analyst" },
    { name: "quality-review", path: "/quality", role: "analyst" },
    { name: "quality-report", path: "/quality/report", role: "lead" },
    { name: "settings-api-keys", path: "/settings/api-keys", role: "admin" },
    { name: "settings-webhooks", path: "/settings/webhooks", role: "admin" },
    { name: "settings-webhook-detail", path: "/settings/webhooks", role: "admin", firstLinkOf: true },
    { name: "settings-policies", path: "/settings/policies", role: "admin" },
    { name: "settings-analysts", path: "/settings/analysts", role: "admin" },
    { name: "settings-audit-log", path: "/settings/audit-log", role: "admin" },
    { name: "forbidden", path: "/settings/api-keys", role: "analyst", status: 403 },
    { name: "not-found", path: "/no-such-page", role: "analyst", status: 404 },
  ];
}

/**
 * Opens a view and waits until it has settled: the document answered as expected, no loading
 * skeleton is left, and the network is idle (the console polls every 15 s, which idles between).
 */
export async function openView(page: Page, view: View, { checkStatus = true } = {}): Promise<void> {
  let path = view.path;
  if (view.firstLinkOf) {
    await page.goto(view.path);
    const link = page.getByRole("table").locator("tbody tr").first().getByRole("link").first();
    const href = await link.getAttribute("href", { timeout: 15_000 }).catch(() => null);
    if (!href) throw new Error(`${view.name}: ${view.path} lists nothing to open (the demo data should provide a row)`);
    path = href;
  }
  const response = await page.goto(path);
  if (checkStatus) expect(response?.status(), `HTTP status of ${view.path}`).toBe(view.status ?? 200);
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
}
