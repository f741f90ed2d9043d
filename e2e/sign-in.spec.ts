import { expect, signIn, test } from "./support/fixtures";
import { readState } from "./support/state";

// Sign-in through the real form against the API's analyst store, and sign-out.

test("a wrong password is refused with a message, and the e-mail is kept", async ({ page }) => {
  const { lead } = readState().users;
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(lead.email);
  await page.getByLabel("Password").fill(`${lead.password}-wrong`);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page.getByRole("alert").filter({ hasText: /./ })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel("E-mail")).toHaveValue(lead.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("a signed-out visitor of a console page is sent to sign-in, and lands on the page after", async ({ page }) => {
  await page.goto("/alerts");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Falerts/);
  const { analyst } = readState().users;
  await page.getByLabel("E-mail").fill(analyst.email);
  await page.getByLabel("Password").fill(analyst.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
});

test("the right password lands on the overview; sign-out ends the session", async ({ page }) => {
  const { analyst } = readState().users;
  await signIn(page, "analyst");
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(analyst.name).first()).toBeVisible();

  await page.getByRole("button", { name: /^Sign out/ }).click();
  await expect(page).toHaveURL(/\/sign-in|\/$/);
  // The session is gone: a console page asks to sign in again.
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/sign-in/);
});
