import { expect, test } from "./support/fixtures";

// Identity review: pending, failed and flagged verifications (Surface B), each with its checks.

test.use({ role: "analyst" });

test("the identity queue filters by status in the URL and opens a verification with its checks", async ({ page }) => {
  await page.goto("/identity");
  const status = page.getByRole("group", { name: "Status" });
  const buttons = status.getByRole("button");
  await expect(buttons.first()).toHaveAttribute("aria-pressed", "true");
  const rows = page.getByRole("table").locator("tbody tr");

  // Each status in turn: pressed, in the URL, and the list answers (rows or its empty state).
  let opened = false;
  for (const name of ["Failed", "Flagged", "All", "Pending"]) {
    const button = buttons.filter({ hasText: new RegExp(`^${name}`, "i") }).first();
    if ((await button.count()) === 0) continue;
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    // Pending is the default, so it may leave the URL bare.
    if (name !== "Pending") await expect(page).toHaveURL(new RegExp(`status=${name.toLowerCase()}`));
    await expect(rows.first()).toBeVisible();
    if (!opened && name === "All") {
      const link = rows.first().getByRole("link").first();
      await expect(link).toBeVisible();
      // The list refreshes itself: whichever verification the click opens is fine.
      await link.click();
      await expect(page).toHaveURL(/\/identity\/[^/?]+$/, { timeout: 30_000 });
      await expect(page.getByRole("region", { name: /^Subject/ })).toBeVisible();
      await expect(page.getByRole("region", { name: /^Checks \(\d+\)/ })).toBeVisible();
      opened = true;
      await page.goBack();
      await expect(status).toBeVisible();
    }
  }
  expect(opened).toBe(true);
});
