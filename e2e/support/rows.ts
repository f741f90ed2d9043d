import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Presses j from the page until the first of `rows` is highlighted. The rows are server-rendered:
 * a key pressed before the page's script took over is lost (seen once in CI on a slow machine).
 * Press again only while nothing is highlighted, so a slow first answer is never pressed twice.
 */
export async function highlightFirstRow(page: Page, rows: Locator): Promise<void> {
  // Start from the page, not from a field (shortcuts never fire while typing).
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await expect(async () => {
    if ((await rows.nth(0).getAttribute("data-active")) === null) await page.keyboard.press("j");
    await expect(rows.nth(0)).toHaveAttribute("data-active", "", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
