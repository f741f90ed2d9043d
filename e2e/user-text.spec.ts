import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator } from "@playwright/test";
import { createCase } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { auditLog } from "./support/flows";

// Text that API clients stored is shown as sent, never obeyed: a RIGHT-TO-LEFT OVERRIDE (U+202E)
// in a case note would otherwise display "gnp.exe" as "exe.png", and a zero-width or other
// invisible character would hide in an id. Each such character is drawn as a visible marker.

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

test.use({ role: "analyst" });

/** Left edges of each character of `word` where it is drawn in `scope`: increasing when read left to right. */
async function drawnOrder(scope: Locator, word: string): Promise<number[]> {
  return scope.evaluate((root, w) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(w) ?? -1;
      if (at < 0) continue;
      return [...w].map((_, i) => {
        const range = document.createRange();
        range.setStart(node, at + i);
        range.setEnd(node, at + i + 1);
        return range.getBoundingClientRect().left;
      });
    }
    return [];
  }, word);
}

test("a note with U+202E shows a visible marker in the audit log, and the text after it is not reversed", async ({ page }) => {
  const note = "Invoice attached: report\u202Egnp.exe\u202C, check it.\u200BZero width\u0007bell";
  const caseId = await createCase("Bidi \u202Etitle\u202C case", "low", { notes: note, user_id: "user\u202Elive\u2066x\u2069" });
  await page.goto(`/cases/${encodeURIComponent(caseId)}`);

  const entry = auditLog(page).filter({ hasText: "added a note" }).first();
  await expect(entry).toBeVisible();
  const marker = entry.getByText("U+202E", { exact: false }).first();
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute("title", /RIGHT-TO-LEFT OVERRIDE/);
  await expect(entry.getByText("U+202C", { exact: false }).first()).toBeVisible();
  await expect(entry.getByText("U+200B", { exact: false }).first()).toBeVisible();
  await expect(entry.getByText("U+0007", { exact: false }).first()).toBeVisible();

  // Nothing invisible is left in what the page shows, and "gnp" is drawn g, n, p from left to right.
  const shown = await entry.innerText();
  expect(shown).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
  expect(shown.includes(String.fromCharCode(7)), "the BELL character").toBe(false);
  const lefts = await drawnOrder(entry, "gnp.exe");
  expect(lefts).toHaveLength(7);
  expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);

  // The title and the user id the API stored are shown the same way.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("U+202E");
  const titleOrder = await drawnOrder(page.getByRole("heading", { level: 1 }), "title");
  expect([...titleOrder].sort((a, b) => a - b)).toEqual(titleOrder);
  await expect(page.getByRole("region", { name: "Case", exact: true }).getByText("U+2066", { exact: false }).first()).toBeVisible();

  await page.screenshot({ path: path.join(screenshots, "user-text-case.png"), fullPage: true, animations: "disabled" });
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
});

test("the case list shows the marker in a title too", async ({ page }) => {
  await createCase("List \u202Eeltit\u202C entry", "critical");
  await page.goto("/cases?view=all");
  const link = page.getByRole("link", { name: /List .*U\+202E.*eltit/ }).first();
  await expect(link).toBeVisible();
  const order = await drawnOrder(link, "eltit");
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});
