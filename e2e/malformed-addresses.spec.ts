import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";

// An id whose percent-encoding is not UTF-8 (`%FF`, a cut sequence, a lone `%`) cannot name
// anything: every dynamic console route answers it with the console's own page (its navigation
// and a heading saying what happened) and a 4xx, never Next.js's bare "Internal Server Error".

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

const MALFORMED = ["%FF", "%E0%A4%A", "%", "%C0%AF", "abc%ZZ", "%ED%A0%80"];
const DYNAMIC = ["/transactions/", "/cases/", "/alerts/", "/watchlist/", "/identity/", "/settings/webhooks/"];

test.use({ role: "admin" });

for (const base of DYNAMIC) {
  test(`${base}<malformed id> shows the console's own page with a 4xx`, async ({ page }) => {
    for (const id of MALFORMED) {
      const response = await page.goto(`${base}${id}`);
      const status = response?.status() ?? 0;
      expect([400, 404], `${base}${id} answered ${status}`).toContain(status);
      await expect(page.getByRole("navigation", { name: "Console" }), `${base}${id}: the console's navigation`).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 }), `${base}${id}: the console's heading`).toHaveText("This address is not valid");
    }
  });
}

test("a malformed segment elsewhere (a nested path, the catch-all) gets the same page", async ({ page }) => {
  for (const address of ["/%FF", "/settings/%FF", "/cases/%FF/x", "/transactions/%E0%A4%A?x=1"]) {
    const response = await page.goto(address);
    expect([400, 404], `${address} answered ${response?.status()}`).toContain(response?.status());
    await expect(page.getByRole("navigation", { name: "Console" }), address).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }), address).toHaveText("This address is not valid");
  }
});

test("the malformed-address page: screenshot, no serious or critical axe violation", async ({ page }) => {
  await page.goto("/transactions/%FF");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, "malformed-address.png"), fullPage: true, animations: "disabled" });
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ role: undefined });
  test("a malformed address is sent to sign-in like any other console page, not a 500", async ({ page }) => {
    const response = await page.goto("/cases/%FF");
    expect(response?.status()).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
