import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { readState } from "./support/state";
import { addUser } from "./support/users";

// A console serves one account, and its sessions are kept by the API: another account's analyst
// cannot sign in, and signing out, a new role or disabling ends a session for every copy of its
// cookie (issue 29, "Tenancy and sessions").

const contextOptions = () => ({
  baseURL: readState().consoleUrl,
  viewport: { width: 1440, height: 900 },
  locale: "en-GB",
  timezoneId: "UTC",
});
const password = () => `pw-${randomBytes(9).toString("base64url")}`;

async function signInAs(page: Page, email: string, secret: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(secret);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A second browser holding a copy of `page`'s cookies (a stolen or replayed session cookie). */
async function replayCookies(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions(), storageState: await page.context().storageState() });
  return context.newPage();
}

test("an analyst of another account cannot sign in to this console: the same refusal as a wrong password", async ({ page }) => {
  const secret = password();
  const email = `boss-${randomBytes(4).toString("hex")}@acme.test`;
  await addUser(readState().dataDir, { account: "acme", role: "admin", email, name: "Acme Admin", password: secret });

  await signInAs(page, email, `${secret}-wrong`);
  const wrong = await page.getByRole("alert").filter({ hasText: /./ }).innerText();
  await signInAs(page, email, secret);
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText(wrong);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/cases");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("signing out ends the session for every copy of its cookie", async ({ page, browser }) => {
  const secret = password();
  const email = `leaver-${randomBytes(4).toString("hex")}@argus-e2e.test`;
  await addUser(readState().dataDir, { account: "demo", role: "analyst", email, name: "Lee Leaver", password: secret });
  await signInAs(page, email, secret);
  await page.waitForURL("**/overview");

  const copy = await replayCookies(browser, page);
  await copy.goto("/cases");
  await expect(copy.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(copy).toHaveURL(/\/cases$/);

  await page.getByRole("button", { name: /^Sign out/ }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await copy.reload();
  await expect(copy).toHaveURL(/\/sign-in/);
  await copy.context().close();
});

test.describe("an administrator", () => {
  test.use({ role: "admin" });

  test("changing someone's role or disabling them ends their sessions at once", async ({ page, browser }) => {
    const secret = password();
    const email = `mover-${randomBytes(4).toString("hex")}@argus-e2e.test`;
    await addUser(readState().dataDir, { account: "demo", role: "analyst", email, name: "Mo Mover", password: secret });
    // An empty storage state: a context made in this test would otherwise start with the admin's cookies.
    const theirs = await (await browser.newContext({ ...contextOptions(), storageState: { cookies: [], origins: [] } })).newPage();
    await signInAs(theirs, email, secret);
    await theirs.waitForURL("**/overview");

    await page.goto("/settings/analysts");
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: "Change role of Mo Mover" }).click();
    const dialog = page.getByRole("dialog", { name: "Change the role of Mo Mover" });
    await dialog.getByLabel("Role").selectOption({ label: "Lead" });
    await dialog.getByRole("button", { name: "Change role" }).click();
    await expect(row.getByText("Lead", { exact: true })).toBeVisible();

    await theirs.goto("/cases");
    await expect(theirs).toHaveURL(/\/sign-in/);
    await signInAs(theirs, email, secret);
    await theirs.waitForURL("**/overview");
    await theirs.goto("/cases/queue");
    await expect(theirs.getByRole("heading", { level: 1, name: "Case queue" })).toBeVisible();

    await row.getByRole("button", { name: "Disable Mo Mover" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    await theirs.goto("/cases");
    await expect(theirs).toHaveURL(/\/sign-in/);
    await theirs.context().close();
  });
});
