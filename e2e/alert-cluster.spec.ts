import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test, type Page } from "./support/fixtures";
import { readState } from "./support/state";

// Alert clusters (issue 32): related open alerts that share a user, device, card or client IP are
// one row of the alert queue with one disposition; the link graph on the alert and case pages.

test.use({ role: "analyst" });

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

type Cluster = { cluster_id: string; size: number; alert_ids: string[]; shared: { id: string }[] };
type ApiAlert = { alert_id: string; status: string; resolution: string | null; resolution_notes: string | null; case_id: string | null };

const rand = (n: number) => Math.floor(Math.random() * n);

async function score(body: unknown): Promise<void> {
  const state = readState();
  const res = await fetch(`${state.sandboxApiUrl}/v1/transactions/score`, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.secrets.testKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST /v1/transactions/score: HTTP ${res.status} ${await res.text()}`);
}

/**
 * Ten cards tried by five new users from one fresh public IP: the detection engine raises a card
 * testing alert and a new-device-cluster alert on that IP, which the API then clusters.
 */
async function seedCluster(tag: string): Promise<Cluster> {
  const ip = `44.${100 + rand(100)}.${rand(250)}.${1 + rand(250)}`;
  const stamp = `${Date.now().toString(36)}${rand(1000)}`;
  const users = Array.from({ length: 5 }, (_, i) => `clu_${tag}_${stamp}_${i}`);
  for (let i = 0; i < 10; i++) {
    await score({
      amount: 300 + i,
      currency: "USD",
      payment_method: { type: "card", card_bin: "555444", last_four: String(1000 + ((rand(900) * 10 + i) % 9000)) },
      user: { id: users[i % 5], ip_address: ip },
      merchant: { id: "m_digital", category: "digital_goods" },
    });
  }
  let found: Cluster | undefined;
  await expect
    .poll(
      async () => {
        const page = await apiGet<{ data: Cluster[] }>("/v1/alert-clusters?limit=100");
        found = page.data.find((c) => c.shared.some((s) => s.id === `ip:${ip}`));
        return found?.size ?? 0;
      },
      { timeout: 30_000, message: `a cluster sharing ip:${ip}` },
    )
    .toBeGreaterThanOrEqual(2);
  return found!;
}

const getAlert = (id: string) => apiGet<ApiAlert>(`/v1/alerts/${encodeURIComponent(id)}?limit=1`);

async function expectAxeClean(page: Page) {
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
}

test("a cluster of related alerts is one row, resolved at once with the required outcome", async ({ page }) => {
  const cluster = await seedCluster("resolve");
  await page.goto("/alerts");
  const section = page.getByRole("region", { name: "Related alerts" });
  const row = section.locator(`li[data-cluster-id="${cluster.cluster_id}"]`);
  const toggle = row.getByRole("button", { name: new RegExp(`${cluster.size} related alerts ·`) });
  await expect(toggle).toContainText("shared");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Its alerts also stay in the table below, where the queue's order and pages put them.

  // Expanded: one link per alert of the cluster.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const members = row.getByRole("list", { name: /Alerts of the cluster/ });
  await expect(members.getByRole("link")).toHaveCount(cluster.size);
  await expectAxeClean(page);
  await page.screenshot({ path: path.join(screenshots, "alert-clusters.png"), fullPage: true, animations: "disabled" });

  // The disposition menu: Resolve all asks for the outcome before anything is sent.
  await row.getByRole("button", { name: /^Decide all/ }).click();
  await page.getByRole("menuitem", { name: /Resolve all/ }).click();
  const dialog = page.getByRole("dialog", { name: `Resolve ${cluster.size} alerts` });
  await dialog.getByRole("button", { name: "Resolve all" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Choose the outcome" })).toBeVisible();
  expect((await getAlert(cluster.alert_ids[0]!)).status).not.toBe("resolved");
  await dialog.getByRole("radio", { name: /^False positive/ }).check();
  await dialog.getByLabel("Resolution notes").fill("One merchant's test cards, confirmed with them.");
  await expectAxeClean(page);
  await page.screenshot({ path: path.join(screenshots, "alert-cluster-resolve.png"), animations: "disabled" });
  await dialog.getByRole("button", { name: "Resolve all" }).click();
  await expect(page.getByText(`${cluster.size} alerts resolved`).first()).toBeVisible();
  await expect(row).toHaveCount(0);

  for (const id of cluster.alert_ids) {
    const alert = await getAlert(id);
    expect(alert.status).toBe("resolved");
    expect(alert.resolution).toBe("false_positive");
    expect(alert.resolution_notes).toBe("One merchant's test cards, confirmed with them.");
  }
});

test("a cluster opened as one case holds every alert, and the case page draws their graph", async ({ page }) => {
  const cluster = await seedCluster("case");
  await page.goto("/alerts");
  const row = page.getByRole("region", { name: "Related alerts" }).locator(`li[data-cluster-id="${cluster.cluster_id}"]`);
  await row.getByRole("button", { name: /^Decide all/ }).click();
  await page.getByRole("menuitem", { name: "Open one case for all" }).click();
  await page.waitForURL(/\/cases\/case_/);
  const caseId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

  const kase = await apiGet<{ alert_ids: string[]; title: string }>(`/v1/cases/${encodeURIComponent(caseId)}`);
  expect(new Set(kase.alert_ids)).toEqual(new Set(cluster.alert_ids));
  expect(kase.title).toMatch(new RegExp(`^${cluster.size} related alerts`));
  for (const id of cluster.alert_ids) expect((await getAlert(id)).case_id).toBe(caseId);
  const linked = page.getByRole("region", { name: /Linked alerts/ });
  for (const id of cluster.alert_ids) await expect(linked.getByRole("link", { name: id })).toBeVisible();

  // The case's users and their links, drawn (loaded on demand) and as a table.
  const graph = page.getByRole("region", { name: "Link graph" });
  await expect(graph.locator("[data-graph-canvas] .react-flow__node").first()).toBeVisible({ timeout: 15_000 });
  await expect(graph.locator('[data-graph-nodes] tbody tr[data-node-id^="user:clu_case_"]').first()).toBeVisible();
  await expect(graph.locator("[data-graph-edges] tbody tr").first()).toBeVisible();
  await expectAxeClean(page);
  await page.screenshot({ path: path.join(screenshots, "case-graph.png"), fullPage: true, animations: "disabled" });

  // The cluster left the queue: a case is now its disposition.
  await page.goto("/alerts");
  await expect(page.locator(`li[data-cluster-id="${cluster.cluster_id}"]`)).toHaveCount(0);
});

test("an alert's page draws the link graph of its users, reachable from the keyboard", async ({ page }) => {
  const cluster = await seedCluster("graph");
  const alertId = cluster.alert_ids[0]!;
  await page.goto(`/alerts/${encodeURIComponent(alertId)}`);
  const graph = page.getByRole("region", { name: "Link graph" });
  await expect(graph.locator("[data-graph-canvas] .react-flow__node").first()).toBeVisible({ timeout: 15_000 });
  // The shared IP joins the alert's users: one node for it, one link per user.
  const ipRow = graph.locator('[data-graph-nodes] tbody tr[data-node-id^="ip:44."]');
  await expect(ipRow).toHaveCount(1);
  await expect(graph.locator('[data-graph-nodes] tbody tr[data-node-id^="user:clu_graph_"]')).toHaveCount(5);
  // The table's links are reachable by Tab.
  const firstUser = graph.locator('[data-graph-nodes] tbody tr[data-node-id^="user:clu_graph_"]').first().getByRole("link");
  await firstUser.focus();
  await expect(firstUser).toBeFocused();
  await expectAxeClean(page);
  await page.screenshot({ path: path.join(screenshots, "alert-graph.png"), fullPage: true, animations: "disabled" });
});
