import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

// axe-core in the page (node_modules/axe-core/axe.min.js), and its findings as readable text.

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve("axe-core/axe.min.js");

export type AxeViolation = {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
};

/** Runs axe on the whole document, except the elements matching `exclude` (CSS selectors). */
export async function runAxe(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (excluded) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = excluded.length > 0 ? { include: [["html"]], exclude: excluded.map((selector) => [selector]) } : document;
    const result = await axe.run(context, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  }, exclude);
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `    - ${JSON.stringify(n.target)}: ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
        )
        .join("\n");
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n\n");
}
