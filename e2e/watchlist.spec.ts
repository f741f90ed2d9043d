import { listScreenings } from "./support/api";
import { expect, test } from "./support/fixtures";

// Watchlist review: a possible match is compared side by side with the listed entity and decided
// as a false positive; the review and the resulting suppression (user × listed entity) are shown.

test.use({ role: "analyst" });

test("a possible match reviewed as a false positive shows the review and its suppression", async ({ page }) => {
  // A possible match about a known user (the demo screens two), so a suppression follows.
  // Read as the queue's first page shows them: oldest first, one row per group of twins.
  const queue = await listScreenings("review_state=pending_review&grouped=true&order=asc&limit=20");
  const subject = queue.find((s) => s.status === "possible_match" && s.user_id);
  test.skip(!subject, "no possible match about a user is waiting for review (the demo data was already reviewed)");
  const { screening_id: id, user_id: userId } = subject as { screening_id: string; user_id: string };

  await page.goto("/watchlist");
  const link = page.locator(`tbody a[href="/watchlist/${encodeURIComponent(id)}"]`);
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/watchlist/${id}$`));

  // Side by side: the screened person and the listed entity with its match score.
  await expect(page.getByRole("region", { name: "Screened person" })).toContainText(userId);
  await expect(page.getByText(/match score/i).first()).toBeVisible();

  const form = page.getByRole("region", { name: "Your decision" });
  await form.getByRole("radio", { name: /^False positive/ }).check();
  await form.getByLabel("Notes").fill("Different date of birth and nationality (e2e).");
  await form.getByRole("button", { name: /^Record false positive/ }).click();
  // The decision moves on to the next group awaiting review (or back to the queue); the decided one keeps its review.
  await page.waitForURL((url) => !url.pathname.endsWith(`/watchlist/${id}`));
  await page.goto(`/watchlist/${encodeURIComponent(id)}`);

  const review = page.getByRole("region", { name: "Review" });
  await expect(review).toContainText(/reviewed: false positive/i);
  await expect(review).toContainText(/dec_[0-9a-z]+/);
  const suppression = review.getByRole("heading", { name: "Suppression" }).locator("..");
  await expect(suppression).toContainText(userId);
  await expect(page.getByRole("region", { name: "Your decision" })).toHaveCount(0);
});
