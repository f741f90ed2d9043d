import { apiGet, createCase, type ApiCase } from "./support/api";
import { expect, test } from "./support/fixtures";
import { readState } from "./support/state";

// The lead's case queue: cases selected together are assigned and moved in one go.

test.use({ role: "lead" });

const getCase = (id: string) => apiGet<ApiCase>(`/v1/cases/${encodeURIComponent(id)}`);

test("a lead assigns two cases at once, then moves both to in review", async ({ page }) => {
  const { analyst } = readState().users;
  const stamp = Date.now().toString(36);
  const titles = [`Bulk check A ${stamp}`, `Bulk check B ${stamp}`];
  const ids = [await createCase(titles[0] as string, "high"), await createCase(titles[1] as string, "high")];

  await page.goto("/cases/queue");
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  for (const title of titles)
    await page
      .getByRole("checkbox", { name: `Select ${title}` })
      .first()
      .check();
  await expect(bulk.getByText("2 selected")).toBeVisible();

  await bulk.getByLabel("Assign to").selectOption({ label: analyst.name });
  await bulk.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Assigned 2 cases.").first()).toBeVisible();
  for (const id of ids) await expect.poll(async () => (await getCase(id)).assignee_id).toBe(analyst.id);

  // Select them again if the assignment cleared the selection.
  for (const title of titles) {
    const box = page.getByRole("checkbox", { name: `Select ${title}` }).first();
    if (!(await box.isChecked())) await box.check();
  }
  await expect(bulk.getByText("2 selected")).toBeVisible();
  await bulk.getByLabel("Move to").selectOption({ label: "In review" });
  await bulk.getByRole("button", { name: "Change status" }).click();
  for (const id of ids) await expect.poll(async () => (await getCase(id)).status).toBe("in_review");
});

test("the queue shows the team's workload", async ({ page }) => {
  await page.goto("/cases/queue");
  await expect(page.getByRole("region", { name: /workload/i })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Unassigned" })
      .or(page.getByRole("region", { name: /cases/i }))
      .first(),
  ).toBeVisible();
});

test("a bulk move to resolved asks for the outcome and records it on every case", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const titles = [`Bulk resolve A ${stamp}`, `Bulk resolve B ${stamp}`];
  const ids = [await createCase(titles[0] as string, "low"), await createCase(titles[1] as string, "low")];

  await page.goto("/cases/queue");
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  for (const title of titles)
    await page
      .getByRole("checkbox", { name: `Select ${title}` })
      .first()
      .check();
  await bulk.getByLabel("Move to").selectOption({ label: "Resolved" });
  // No outcome yet: nothing can be sent.
  const change = bulk.getByRole("button", { name: "Change status" });
  await expect(change).toBeDisabled();
  await bulk.getByLabel("Outcome").selectOption({ label: "Inconclusive" });
  await change.click();
  for (const id of ids) {
    await expect.poll(async () => (await getCase(id)).status).toBe("resolved");
    expect((await apiGet<{ resolution: string | null }>(`/v1/cases/${encodeURIComponent(id)}`)).resolution).toBe("inconclusive");
  }
});
