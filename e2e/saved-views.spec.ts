import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet, createCase, type ApiCase } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test, type Page } from "./support/fixtures";

// Saved views (issue 33): a lead saves a filtered and sorted case view and shares it; an analyst
// finds it in the Views menu (axe on the open menu), opens it (URL and rows are the view's), makes
// it the default, and a bare /cases then opens on it. A column header sorts the queue (aria-sort).
// The lead renames it (the analyst's menu follows).
// The lead deletes the view at the end, which drops the analyst's default with it.

test.use({ actionTimeout: 60_000 });
test.setTimeout(300_000);

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");
const rows = (page: Page) => page.getByRole("table", { name: /Cases of/ }).locator("tbody tr");

/** The case ids of the rows shown, from their links. */
async function rowIds(page: Page): Promise<string[]> {
  const hrefs = await rows(page)
    .locator('a[href^="/cases/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => decodeURIComponent(href.split("/").pop() as string));
}

const apiIds = async (query: string) => (await apiGet<{ data: ApiCase[] }>(`/v1/cases?limit=20&${query}`)).data.map((kase) => kase.case_id);

async function openMenu(page: Page) {
  await page.getByRole("button", { name: /^View/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

test("a lead shares a case view; an analyst opens it, makes it the default, and the bare queue opens on it", async ({ as }) => {
  // Cases of its own, so the view has rows whatever earlier specs did with the demo's.
  const stamp = Date.now().toString(36);
  await createCase(`Saved view ${stamp} A`, "critical");
  await createCase(`Saved view ${stamp} B`, "critical");
  const name = `Critical open ${stamp}`;
  const query = "status=open&severity=critical&sort=created_at";

  const lead = await as("lead");
  const analyst = await as("analyst");
  let shownName = name;
  try {
    // The lead filters and orders the queue, then saves it for the team.
    await lead.goto(`/cases?${query}`);
    await expect(rows(lead).first()).toBeVisible();
    await (await openMenu(lead)).getByRole("menuitem", { name: "Save current view…" }).click();
    const dialog = lead.getByRole("dialog", { name: "Save current view" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Share with team").check();
    await lead.screenshot({ path: path.join(screenshots, "saved-views-save-dialog.png"), animations: "disabled" });
    await dialog.getByRole("button", { name: "Save view" }).click();
    await expect(lead.getByText(`View “${name}” saved and shared with the team`)).toBeVisible();
    await expect(lead.getByRole("button", { name: `View: ${name}` })).toBeVisible();

    // The analyst sees it among the team's views, with who shared it.
    await analyst.goto("/cases?status=open");
    await expect(rows(analyst).first()).toBeVisible();
    const menu = await openMenu(analyst);
    await expect(menu.getByText("Shared with the team")).toBeVisible();
    const item = menu.getByRole("menuitem", { name: new RegExp(name) });
    await expect(item).toBeVisible();
    const violations = (await runAxe(analyst)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      violations.map((v) => v.id),
      describeViolations(violations),
    ).toEqual([]);
    await analyst.screenshot({ path: path.join(screenshots, "saved-views-menu.png"), animations: "disabled" });

    // Opening it puts its filters and order into the URL; the rows are the API's for them.
    await item.click();
    await expect(analyst).toHaveURL(/[?&]severity=critical(&|$)/);
    await expect(analyst).toHaveURL(/[?&]sort=created_at(&|$)/);
    await expect(analyst.getByRole("button", { name: `View: ${name}` })).toBeVisible();
    await expect.poll(() => rowIds(analyst)).toEqual(await apiIds(query));

    // Made the default: a bare /cases opens on it (a redirect by the server, no flash of the rest).
    await (await openMenu(analyst)).getByRole("menuitem", { name: "Make default" }).click();
    await expect(analyst.getByText(`The cases queue now opens on “${name}”`)).toBeVisible();
    await analyst.goto("/cases");
    await expect(analyst).toHaveURL(/\/cases\?.*severity=critical/);
    await expect(analyst.getByLabel("Severity")).toHaveValue("critical");
    await expect.poll(() => rowIds(analyst)).toEqual(await apiIds(query));

    // A column header orders the queue like the Order select: in the URL, aria-sort on the header.
    const due = analyst.getByRole("columnheader", { name: "Due" });
    await expect(due).toHaveAttribute("aria-sort", "none");
    await due.getByRole("button").click();
    await expect(analyst).toHaveURL(/[?&]sort=due_at(&|$)/);
    await expect(due).toHaveAttribute("aria-sort", "ascending");
    await expect(analyst.getByLabel("Order")).toHaveValue("due_at");
    await expect.poll(() => rowIds(analyst)).toEqual(await apiIds("status=open&severity=critical&sort=due_at"));
    await analyst.screenshot({ path: path.join(screenshots, "saved-views-sorted.png"), fullPage: true, animations: "disabled" });

    // Its owner renames it; the analyst's menu shows the new name.
    await lead.goto(`/cases?${query}`);
    await (await openMenu(lead)).getByRole("menuitem", { name: "Rename…" }).click();
    const rename = lead.getByRole("dialog", { name: "Rename view" });
    await rename.getByLabel("Name").fill(`${name} renamed`);
    await rename.getByRole("button", { name: "Rename" }).click();
    await expect(lead.getByText(`Renamed to “${name} renamed”`)).toBeVisible();
    shownName = `${name} renamed`;
    await analyst.goto(`/cases?${query}`);
    await expect(analyst.getByRole("button", { name: `View: ${shownName}` })).toBeVisible();
  } finally {
    // The lead deletes the shared view: the analyst's default on it goes too (other specs open /cases bare).
    await lead.goto(`/cases?${query}`);
    await (await openMenu(lead)).getByRole("menuitem", { name: "Delete…" }).click();
    await lead.getByRole("dialog", { name: "Delete view" }).getByRole("button", { name: "Delete" }).click();
    await expect(lead.getByText(`View “${shownName}” deleted`)).toBeVisible();
  }
  await analyst.goto("/cases");
  await expect(analyst).toHaveURL(/\/cases$/);
});

test("alert column headers sort the queue like the Sort select", async ({ as }) => {
  const page = await as("analyst");
  await page.goto("/alerts");
  await expect(page.locator("[data-alert-queue] tbody tr").first()).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, "saved-views-alerts.png"), animations: "disabled" });
  // The Views menu from the keyboard: Enter opens it (its code loads then), arrows reach its items,
  // Escape closes it and gives the focus back to its button.
  const views = page.getByRole("button", { name: "Views" });
  await views.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Save current view…" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(views).toBeFocused();

  const severity = page.getByRole("columnheader", { name: "Severity" });
  const created = page.getByRole("columnheader", { name: "Created (UTC)" });
  await expect(created).toHaveAttribute("aria-sort", "descending");
  await expect(severity).toHaveAttribute("aria-sort", "none");
  await severity.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=severity(&|$)/);
  await expect(severity).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("form", { name: "Alert filters" }).getByLabel("Sort")).toHaveValue("severity");
  const expected = (await apiGet<{ data: { alert_id: string }[] }>("/v1/alerts?sort=severity&limit=20")).data.map((a) => a.alert_id);
  await expect
    .poll(async () =>
      (
        await page
          .locator('[data-alert-queue] tbody tr a[href^="/alerts/"]')
          .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""))
      ).map((href) => decodeURIComponent(href.split("/").pop() as string)),
    )
    .toEqual(expected);
});

test("a shared view of the lead's own cases opens on each viewer's own cases", async ({ as }) => {
  const name = `Mine ${Date.now().toString(36)}`;
  const lead = await as("lead");
  const analyst = await as("analyst");
  const myCases = (page: Page) => page.getByRole("group", { name: "Show" }).getByRole("button", { name: "My cases" });
  let saved = false;
  try {
    await lead.goto("/cases?status=open");
    await myCases(lead).click();
    await expect(myCases(lead)).toHaveAttribute("aria-pressed", "true");
    const leadId = new URL(lead.url()).searchParams.get("assignee_id");
    expect(leadId).toBeTruthy();
    await (await openMenu(lead)).getByRole("menuitem", { name: "Save current view…" }).click();
    const dialog = lead.getByRole("dialog", { name: "Save current view" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Share with team").check();
    await dialog.getByRole("button", { name: "Save view" }).click();
    await expect(lead.getByRole("button", { name: `View: ${name}` })).toBeVisible();
    saved = true;

    await analyst.goto("/cases?status=open");
    await (await openMenu(analyst)).getByRole("menuitem", { name: new RegExp(name) }).click();
    await expect(analyst).toHaveURL(/[?&]assignee_id=/);
    expect(new URL(analyst.url()).searchParams.get("assignee_id")).not.toBe(leadId);
    await expect(myCases(analyst)).toHaveAttribute("aria-pressed", "true");
    await expect(analyst.getByRole("button", { name: `View: ${name}` })).toBeVisible();
  } finally {
    // Deleted by its owner (other specs open /cases bare and count the views).
    if (saved) {
      await lead.goto("/cases?status=open");
      await (await openMenu(lead)).getByRole("menuitem", { name: new RegExp(name) }).click();
      await expect(lead.getByRole("button", { name: `View: ${name}` })).toBeVisible();
      await (await openMenu(lead)).getByRole("menuitem", { name: "Delete…" }).click();
      await lead.getByRole("dialog", { name: "Delete view" }).getByRole("button", { name: "Delete" }).click();
      await expect(lead.getByText(`View “${name}” deleted`)).toBeVisible();
    }
  }
});
