import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { recordResponses, recordedInWorker } from "./recorder";
import { readState, type Role } from "./state";

// The suite's `test`: `test.use({ role: "analyst" })` (or lead, admin) signs the page in as that
// role, and `as(role)` opens another signed-in page (a second person in the same test). Each role
// signs in once per worker through the real form; later tests reuse its cookies.

export { expect };
export type { Page };

/** Signs in through the form and waits for the overview. */
export async function signIn(page: Page, role: Role): Promise<void> {
  const user = readState().users[role];
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/overview", { timeout: 30_000 });
}

/** Makes sure the header's environment switch shows pre-production (where the demo data is). */
export async function usePreProduction(page: Page): Promise<void> {
  const group = page.getByRole("group", { name: "Environment" });
  const button = group.getByRole("button", { name: "Pre-production" });
  if ((await button.getAttribute("aria-pressed")) !== "true") {
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
}

// Contexts made with browser.newContext() do not get the config's `use` options: pass them.
const contextDefaults = () => ({
  baseURL: readState().consoleUrl,
  viewport: { width: 1440, height: 900 },
  locale: "en-GB",
  timezoneId: "UTC",
});

async function stateFileFor(browser: Browser, role: Role, dir: string): Promise<string> {
  const file = path.join(dir, `auth-${role}.json`);
  if (fs.existsSync(file)) return file;
  // Signed out explicitly: inside a test, a new context may start from the test's signed-in state.
  const context = await browser.newContext({ ...contextDefaults(), storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const recorder = recordResponses(page);
  await signIn(page, role);
  await usePreProduction(page);
  await context.storageState({ path: file });
  await recorder.flush();
  recordedInWorker.push(...recorder.responses);
  await context.close();
  return file;
}

type TestFixtures = {
  /** Who the `page` fixture is signed in as; undefined: not signed in. */
  role: Role | undefined;
  /** Another page signed in as `role`, in its own browser context (closed after the test). */
  as: (role: Role) => Promise<Page>;
};

type WorkerFixtures = {
  /** The cookies of a signed-in `role`, as a storage-state file. */
  authFile: (role: Role) => Promise<string>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  role: [undefined, { option: true }],

  authFile: [
    async ({ browser }, use, workerInfo) => {
      const dir = path.join(workerInfo.project.outputDir, `.auth-${workerInfo.workerIndex}`);
      fs.mkdirSync(dir, { recursive: true });
      const pending = new Map<Role, Promise<string>>();
      await use((role) => {
        let file = pending.get(role);
        if (!file) {
          file = stateFileFor(browser, role, dir);
          pending.set(role, file);
        }
        return file;
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],

  storageState: async ({ role, authFile, storageState }, use) => {
    await use(role ? await authFile(role) : storageState);
  },

  // Every page records what the browser receives, for the leak check (support/recorder.ts).
  page: async ({ page }, use) => {
    const recorder = recordResponses(page);
    await use(page);
    await recorder.flush();
    recordedInWorker.push(...recorder.responses);
  },

  as: async ({ browser, authFile }, use) => {
    const contexts: BrowserContext[] = [];
    const recorders: ReturnType<typeof recordResponses>[] = [];
    await use(async (role) => {
      const context = await browser.newContext({ ...contextDefaults(), storageState: await authFile(role) });
      contexts.push(context);
      const page = await context.newPage();
      recorders.push(recordResponses(page));
      return page;
    });
    for (const recorder of recorders) {
      await recorder.flush();
      recordedInWorker.push(...recorder.responses);
    }
    await Promise.all(contexts.map((c) => c.close()));
  },
});
