import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet, verifyIdentity, type ListPage } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { readState } from "./support/state";
import type { Page } from "@playwright/test";

// Grouped watchlist screenings (issue 32): two screenings of one person against the same listed
// entries are one row of the queue, decided once for both; then the oldest group still pending
// opens with the keyboard on its outcome.

test.use({ role: "analyst" });

const screenshots = "/tmp/shots-screen";
const testResults = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");
type Listed = { screening_id: string; review_state: string; subject_key: string | null; twins: { screening_id: string }[] };
type Decision = { analyst_id: string | null; reason: string; notes: string | null };

const screening = (id: string) => apiGet<Listed>(`/v1/identity/screenings/${id}`);

async function expectNoSeriousViolations(page: Page) {
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
}

test("two screenings of one person are one group, decided once, then the next pending group opens", async ({ page }) => {
  // One person, verified twice: each verification screens them and waits on the review.
  const userId = `usr_twins_${Date.now().toString(36)}`;
  const person = {
    user_id: userId,
    type: "individual",
    first_name: "Maria Jane",
    last_name: "Cantwell",
    date_of_birth: "1958-10-13",
    address: { line1: "12 Harbour Road", city: "Dublin", state: "D", postal_code: "D02 XY45", country: "IE" },
  };
  const first = await verifyIdentity(person);
  const second = await verifyIdentity(person);
  const [a, b] = [first.screening_id!, second.screening_id!];
  const twins = await screening(b);
  expect(twins.review_state).toBe("pending_review");
  expect(twins.twins.map((t) => t.screening_id)).toEqual([a]);

  // The queue filtered to this user: one row for both, with its count.
  await page.goto(`/watchlist?user_id=${userId}`);
  const table = page.getByRole("table", { name: /oldest first, twins grouped/ });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("2 screenings");
  await expect(rows.first().locator(`a[href="/watchlist/${a}"]`)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: path.join(screenshots, "watchlist-queue-group.png"), fullPage: true, animations: "disabled" });

  // j highlights the group; a and r have no action here and leave the focus on the row.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await expect(async () => {
    if ((await rows.first().getAttribute("data-active")) === null) await page.keyboard.press("j");
    await expect(rows.first()).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press("a");
  await page.keyboard.press("r");
  await expect(rows.first()).toBeFocused();
  await expect(page).toHaveURL(/\/watchlist\?user_id=/);

  // The oldest group still pending, other than this one: where the decision leads.
  const pending = await apiGet<ListPage<Listed>>("/v1/identity/screenings?review_state=pending_review&grouped=true&order=asc&limit=10");
  const next = pending.data.find(
    (s) => s.screening_id !== a && s.screening_id !== b && !s.twins.some((t) => [a, b].includes(t.screening_id)),
  );

  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/watchlist/${a}$`));
  const group = page.getByRole("region", { name: /Screenings of this subject \(2\)/ });
  await expect(group).toContainText(a);
  await expect(group.getByRole("link", { name: b })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: path.join(screenshots, "watchlist-group-detail.png"), fullPage: true, animations: "disabled" });
  await page.screenshot({ path: path.join(testResults, "watchlist-group-detail.png"), fullPage: true, animations: "disabled" });

  // Decided once, by keyboard: false positive, notes, "Record false positive for 2".
  const form = page.getByRole("region", { name: "Your decision" });
  await expect(form).toContainText("for both screenings of this subject");
  await form.getByRole("radio", { name: /^False positive/ }).check();
  await form.getByLabel("Notes").fill("Different person: the listed one is older (e2e twins).");
  await form.getByRole("button", { name: "Record false positive for 2" }).focus();
  await page.keyboard.press("Enter");

  if (next) {
    await page.waitForURL(new RegExp(`/watchlist/${next.screening_id}\\?queue=next$`));
    await expect(page.getByRole("region", { name: "Your decision" }).getByRole("radio", { name: /^True match/ })).toBeFocused();
    await page.screenshot({ path: path.join(screenshots, "watchlist-next-group.png"), fullPage: true, animations: "disabled" });
  } else {
    await page.waitForURL(/\/watchlist\?queue=done$/);
    await expect(page.locator("[data-screening-queue]")).toBeFocused();
  }

  // Both decided, each by this analyst, the twin's record naming the screening decided.
  const analystId = readState().users.analyst.id;
  for (const id of [a, b]) expect((await screening(id)).review_state).toBe("false_positive");
  const own = (await apiGet<ListPage<Decision>>(`/v1/decisions?screening_id=${a}`)).data;
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({
    analyst_id: analystId,
    reason: "false_positive",
    notes: "Different person: the listed one is older (e2e twins).",
  });
  const twin = (await apiGet<ListPage<Decision>>(`/v1/decisions?screening_id=${b}`)).data;
  expect(twin).toHaveLength(1);
  expect(twin[0]).toMatchObject({ analyst_id: analystId, reason: "false_positive" });
  expect(twin[0]!.notes).toContain(`Decided together with its twin ${a}`);
  for (const v of [first, second]) {
    expect((await apiGet<{ status: string }>(`/v1/identity/verifications/${v.verification_id}`)).status).not.toBe("flagged");
  }

  // The queue no longer holds the group.
  await page.goto(`/watchlist?user_id=${userId}`);
  await expect(page.getByText("No screenings match these filters")).toBeVisible();
});
