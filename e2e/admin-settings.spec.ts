import { expect, test, type Page } from "./support/fixtures";

// Administration in pre-production: a webhook endpoint is added (its signing secret shown once),
// and a policy change goes through its review dialog and is saved as a new version.

test.use({ role: "admin" });

test("an admin adds a webhook endpoint and sees its signing secret once", async ({ page }) => {
  // An IP literal: the API checks that a target is public (SSRF) and this machine may have no DNS.
  const url = `https://93.184.215.14/argus-e2e/${Date.now()}`;
  await page.goto("/settings/webhooks");
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await dialog.getByLabel("Endpoint URL").fill(url);
  await dialog.getByRole("checkbox", { name: /All events/ }).check();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  const secret = page.getByRole("dialog", { name: "Copy the signing secret" });
  await expect(secret).toBeVisible();
  await expect(secret.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  await secret.getByRole("button", { name: "I have stored the secret" }).click();
  await expect(secret).toBeHidden();
  await expect(page.getByText(url).first()).toBeVisible();
  // Shown once: the list never shows a secret again.
  await expect(page.getByText(/whsec_[A-Za-z0-9+/=]{8,}/)).toHaveCount(0);
});

async function challengeField(page: Page) {
  return page.getByRole("region", { name: "Decision policy" }).getByLabel("Challenge at or above");
}

async function savePolicy(page: Page, value: number): Promise<void> {
  const field = await challengeField(page);
  await field.fill(String(value));
  const policy = page.getByRole("region", { name: "Decision policy" });
  await expect(policy.getByText("1 unsaved change")).toBeVisible();
  await policy.getByRole("button", { name: "Review and save" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Save the policy of Pre-production?" });
  await expect(confirm.getByRole("list", { name: "Changes" })).toContainText(String(value));
  await confirm.getByRole("button", { name: "Save 1 change" }).click();
  await expect(confirm).toBeHidden();
  await expect(policy.getByText("No unsaved changes")).toBeVisible();
}

test("an admin changes a score band through the review dialog; the new version is kept", async ({ page }) => {
  await page.goto("/settings/policies");
  const field = await challengeField(page);
  const original = Number(await field.inputValue());
  const changed = original > 1 ? original - 1 : original + 1;

  await savePolicy(page, changed);
  await page.reload();
  await expect(await challengeField(page)).toHaveValue(String(changed));

  // Put it back, so the other specs score against the usual policy.
  await savePolicy(page, original);
});
