import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet, type ListPage } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";

// The link graph on the user page (issue 32): the demo's synthetic-identity ring drawn, expanded
// from the keyboard, and read as a table of the same nodes and edges.

test.use({ role: "analyst" });

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");
type Graph = { root: string; nodes: { id: string; type: string; user_id?: string }[]; edges: { source: string; target: string }[] };
const graphOf = (userId: string) => apiGet<Graph>(`/v1/graph?user_id=${encodeURIComponent(userId)}&depth=2&limit=200`);

test("the link graph is drawn, expands a user, and reads as a table", async ({ page }) => {
  // A user of the demo traffic joined to other users, preferring the synthetic-identity ring.
  const txns = (await apiGet<ListPage<{ user_id: string }>>("/v1/transactions?limit=100")).data;
  const candidates = [...new Set(txns.map((t) => t.user_id))].sort((a, b) => Number(b.startsWith("syn_")) - Number(a.startsWith("syn_")));
  let root: string | null = null;
  let graph: Graph | null = null;
  let other: { userId: string; merged: number } | null = null;
  for (const userId of candidates.slice(0, 30)) {
    const g = await graphOf(userId);
    const users = g.nodes.filter((n) => n.type === "user" && n.id !== g.root);
    for (const u of users) {
      const more = await graphOf(u.user_id!);
      const merged = new Set([...g.nodes, ...more.nodes].map((n) => n.id)).size;
      if (merged > g.nodes.length) {
        root = userId;
        graph = g;
        other = { userId: u.user_id!, merged };
        break;
      }
    }
    if (root) break;
  }
  expect(root, "a demo user whose neighbour adds links").toBeTruthy();

  await page.goto(`/users/${encodeURIComponent(root!)}`);
  const section = page.getByRole("region", { name: "Link graph" });
  await expect(section.getByRole("list", { name: "Legend" })).toContainText("User");
  // Drawn: one node on the canvas per node of the API's graph.
  await expect(section.locator("[data-graph-canvas] .react-flow__node")).toHaveCount(graph!.nodes.length);
  // The same as a table: nodes and links.
  const nodeRows = section.locator("[data-graph-nodes] tbody tr");
  await expect(nodeRows).toHaveCount(graph!.nodes.length);
  await expect(section.locator("[data-graph-edges] tbody tr")).toHaveCount(graph!.edges.length);
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
  await page.screenshot({ path: path.join(screenshots, "link-graph.png"), fullPage: true, animations: "disabled" });

  // Expand the neighbour from the keyboard: its links join the graph, each node once.
  const expand = section.locator(`[data-node-id="user:${other!.userId}"]`).getByRole("button", { name: /Expand/ });
  await expand.focus();
  await page.keyboard.press("Enter");
  await expect(nodeRows).toHaveCount(other!.merged);
  await expect(section.locator("[data-graph-canvas] .react-flow__node")).toHaveCount(other!.merged);
  await expect(section.locator(`[data-node-id="user:${other!.userId}"]`).getByRole("button", { name: /Expand/ })).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshots, "link-graph-expanded.png"), fullPage: true, animations: "disabled" });
});
