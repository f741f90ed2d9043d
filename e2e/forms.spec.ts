import { getAlertTransactions, listAlerts } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test, type Page } from "./support/fixtures";

// The one form pattern (components/ui/form.tsx): a field's error is shown next to it, the control
// is marked invalid and described by the message, whether the form's schema found it (before
// anything is sent) or the API refused the value (its `param` names the field).

test.use({ role: "admin" });

/** The control's messages, by the ids its aria-describedby lists. */
async function describedBy(page: Page, control: ReturnType<Page["getByLabel"]>): Promise<string> {
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(" | ");
}

/** The form with its errors shown, for a person to look at: test-results/screenshots/forms-<name>.png. */
async function keepScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/forms-${name}.png` });
}

async function expectNoSeriousAxeViolation(page: Page) {
  const serious = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, describeViolations(serious)).toEqual([]);
}

test("the decision form says what is missing next to each field before sending anything", async ({ page }) => {
  const alerts = await listAlerts();
  const txn = (await getAlertTransactions(alerts[0]!.alert_id))[0];
  if (!txn) throw new Error("no transaction behind the first alert");
  await page.goto(`/transactions/${encodeURIComponent(txn)}`);
  const form = page.getByRole("region", { name: "Record a decision" });
  const decisions = page.getByRole("region", { name: "Decision chain" }).getByRole("listitem");
  // The chain is streamed: counted once shown (it always lists the engine's decision last).
  await expect(decisions.last()).toContainText("Risk engine");
  const before = await decisions.count();

  await form.getByRole("button", { name: "Record decision" }).click();

  const group = form.getByRole("group", { name: "Decision" });
  await expect(group).toHaveAttribute("aria-describedby", /.+/);
  expect(await describedBy(page, group)).toContain("Choose allow, challenge or block.");
  const reason = form.getByLabel("Reason");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  expect(await describedBy(page, reason)).toContain("Choose the reason for the decision.");
  await form.scrollIntoViewIfNeeded();
  await keepScreenshot(page, "decision");
  await expectNoSeriousAxeViolation(page);

  // Choosing clears each message; nothing was recorded meanwhile.
  await form.getByRole("radio", { name: /^Challenge/ }).check();
  await expect(form.getByText("Choose allow, challenge or block.")).toBeHidden();
  await reason.selectOption({ label: "Manual review" });
  await expect(reason).not.toHaveAttribute("aria-invalid", "true");
  await expect(decisions).toHaveCount(before);
});

test("the add-analyst dialog checks the e-mail and password with the form's schema", async ({ page }) => {
  await page.goto("/settings/analysts");
  await page.getByRole("button", { name: "Add analyst" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add an analyst" });
  await dialog.getByLabel("E-mail").fill("not an address");
  await dialog.getByLabel("Password").fill("short");
  await dialog.getByRole("button", { name: "Add analyst" }).click();

  const email = dialog.getByLabel("E-mail");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  expect(await describedBy(page, email)).toContain("Enter a valid e-mail address.");
  const password = dialog.getByLabel("Password");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  expect(await describedBy(page, password)).toContain("At least 10 characters.");
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, "add-analyst");
  await expectNoSeriousAxeViolation(page);
});

test("a webhook URL the API refuses is marked on the URL field, with the API's words", async ({ page }) => {
  await page.goto("/settings/webhooks");
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  // Well-formed, so the form sends it; loopback, so the API refuses it (SSRF protection).
  await dialog.getByLabel("Endpoint URL").fill("https://127.0.0.1/argus-e2e/forms");
  await dialog.getByRole("checkbox", { name: /All events/ }).check();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  const url = dialog.getByLabel("Endpoint URL");
  await expect(url).toHaveAttribute("aria-invalid", "true");
  expect(await describedBy(page, url)).toMatch(/refused address: .*loopback/);
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, "webhook");
  await expectNoSeriousAxeViolation(page);
});
