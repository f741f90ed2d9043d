import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCase, getCaseEvents } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { caseControls } from "./support/flows";

// A note over the API's limit is refused in the form, with a counter, and never sent: the textarea
// used to cut a paste at 5,000 characters silently and the form then said "Note added".

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

test.use({ role: "analyst" });

test("5,001 characters pasted into a case note: the counter shows the error, nothing is sent", async ({ page }) => {
  const caseId = await createCase("Text limit case", "low");
  await page.goto(`/cases/${encodeURIComponent(caseId)}`);
  const controls = caseControls(page);
  const box = controls.getByRole("textbox", { name: "Add a note" });
  await expect(controls.getByText("0 / 5,000")).toBeVisible();

  const actions: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actions.push(r.url());
  });
  const text = `${"a".repeat(4_990)}0123456789X`;
  await box.focus();
  await page.keyboard.insertText(text); // what a paste does
  // All of it is in the box: nothing was cut on the way in.
  expect((await box.inputValue()) === text).toBe(true);
  await expect(controls.getByText("5,001 / 5,000")).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(controls.getByText("5,001 / 5,000 · 1 character too many")).toBeVisible();
  // Screen readers hear it once, politely, not at every key.
  await expect(controls.locator('[aria-live="polite"]')).toHaveText(/1 character too many: the limit is 5,000/);
  const add = controls.getByRole("button", { name: "Add note" });
  await expect(add).toBeDisabled();
  await page.screenshot({ path: path.join(screenshots, "text-limit-case-note.png"), fullPage: true, animations: "disabled" });
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);

  // Even a submit forced past the disabled button sends nothing.
  await box.evaluate((el) => el.closest("form")?.requestSubmit());
  await page.waitForTimeout(500);
  expect(actions).toEqual([]);
  expect((await getCaseEvents(caseId)).filter((e) => e.action === "note_added")).toEqual([]);

  // Back within the limit, the note is sent whole.
  await page.keyboard.press("Backspace");
  await expect(controls.getByText("5,000 / 5,000")).toBeVisible();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText("Note added")).toBeVisible();
  await expect.poll(async () => (await getCaseEvents(caseId)).find((e) => e.action === "note_added")?.note?.length).toBe(5_000);
});

test("the resolution notes of an alert have the same counter", async ({ page }) => {
  await page.goto("/alerts?status=open");
  const first = page.locator("[data-alert-queue] tbody tr").first().getByRole("link").first();
  await first.click();
  await page.waitForURL(/\/alerts\/[^/?]+$/);
  await page.getByRole("button", { name: "Resolve…", exact: true }).click();
  const dialog = page.getByRole("dialog");
  const box = dialog.getByRole("textbox", { name: "Resolution notes" });
  await box.fill("");
  await page.keyboard.insertText("b".repeat(5_002));
  expect((await box.inputValue()).length).toBe(5_002);
  await expect(dialog.getByText("5,002 / 5,000")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Resolve alert" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
});
