import { expect, test } from "./support/fixtures";
import { highlightFirstRow } from "./support/rows";

// The queue works from the keyboard: j / k move the highlight, Enter opens, ? lists the keys.

test.use({ role: "analyst" });

test("j / k move through the alert queue and Enter opens the highlighted alert", async ({ page }) => {
  await page.goto("/alerts");
  const rows = page.locator("[data-alert-queue] tbody tr");
  await expect(rows.nth(2)).toBeVisible();
  await highlightFirstRow(page, rows);
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press("j");
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press("k");
  await expect(rows.nth(1)).toBeFocused();
  await expect(rows.nth(0)).not.toHaveAttribute("data-active", "");

  const href = await rows.nth(1).getByRole("link").first().getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${(href as string).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  // The alert page's case action: "Open a case", or "Go to case" if another spec opened one for it.
  await expect(page.getByRole("button", { name: "Open a case" }).or(page.getByRole("link", { name: "Go to case" }))).toBeVisible();
});

test("? opens the list of shortcuts and Escape closes it", async ({ page }) => {
  await page.goto("/alerts");
  await expect(page.locator("[data-alert-queue] tbody tr").first()).toBeVisible();
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.getByText("Next row")).toBeVisible();
  await expect(help.getByText("Open the highlighted row")).toBeVisible();
  await expect(help.getByText("Acknowledge the highlighted alert (alert queue)")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
});

test("shortcuts stay quiet while typing in a field", async ({ page }) => {
  // The event search has plain text fields (the alert filters only have selects and dates).
  await page.goto("/events");
  const field = page.getByPlaceholder("user id");
  await expect(field).toBeVisible();
  await field.click();
  // "?" would open the shortcuts, "g" then "a" would go to the alert queue.
  await field.pressSequentially("j?ga");
  await expect(field).toHaveValue("j?ga");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/events(\?|$)/);

  // Outside the field the same key works on this page.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
});
