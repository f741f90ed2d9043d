import { expect, test } from "./support/fixtures";

// The overview: charts of pre-production's demo traffic (scores, open alerts, cases), each with a
// summary in words and a link to its queue.

test.use({ role: "lead" });

test("the overview charts the demo traffic and links each chart to its queue", async ({ page }) => {
  await page.goto("/overview");
  for (const [title, link] of [
    ["Scores per day", "Events"],
    ["Open alerts", "Alert queue"],
    ["Cases by status", "Case queue"],
  ] as const) {
    const heading = page.getByRole("heading", { level: 2, name: title });
    await expect(heading).toBeVisible();
    // The demo raised scores, alerts and cases: each chart is drawn (an SVG), not its empty state.
    const card = page
      .locator("div", { has: heading })
      .filter({ has: page.getByRole("img") })
      .last();
    await expect(card.getByRole("img").first()).toBeVisible();
    await expect(card.locator("svg.recharts-surface").first()).toBeVisible();
    await expect(card.getByRole("link", { name: link })).toBeVisible();
  }

  await page.getByRole("link", { name: "Alert queue" }).click();
  await expect(page).toHaveURL(/\/alerts\?status=open/);
});
