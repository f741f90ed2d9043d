import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGet, type ListPage } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";

// The user page (issue 32): from a user id shown on a transaction to everything the records say
// about that user, as GET /v1/users/{user_id} has it.

test.use({ role: "analyst" });

const screenshots = path.join(fileURLToPath(new URL("..", import.meta.url)), "test-results", "screenshots");

type Profile = {
  user_id: string;
  transaction_count: number;
  devices: { device_id: string }[];
  ip_addresses: { ip_address: string }[];
  cards: { label: string }[];
  emails: { email: string }[];
  open_alert_ids: string[];
  case_ids: string[];
};

test("a user id leads to the user's page: profile, transactions, what they used, alerts and cases", async ({ page }) => {
  // A user of the demo's card-testing or synthetic-identity traffic: one with several transactions.
  const recent = (await apiGet<ListPage<{ transaction_id: string; user_id: string }>>("/v1/transactions?decision=block&limit=20")).data;
  expect(recent.length, "blocked transactions in the demo data").toBeGreaterThan(0);
  const txn = recent[0]!;
  const profile = await apiGet<Profile>(`/v1/users/${encodeURIComponent(txn.user_id)}`);

  await page.goto(`/transactions/${encodeURIComponent(txn.transaction_id)}`);
  await page.getByRole("link", { name: txn.user_id, exact: true }).first().click();
  await page.waitForURL(new RegExp(`/users/${encodeURIComponent(txn.user_id)}$`));
  await expect(page.getByRole("heading", { level: 1, name: txn.user_id })).toBeVisible();

  await expect(page.getByRole("region", { name: "Profile" })).toContainText(profile.transaction_count.toLocaleString("en-GB"));
  await expect(page.getByRole("region", { name: /^Transactions \(/ }).getByRole("link", { name: txn.transaction_id })).toBeVisible();
  const devices = page.getByRole("region", { name: /^Devices/ });
  await expect(devices.getByRole("heading")).toHaveText(`Devices (${profile.devices.length})`);
  if (profile.devices[0]) await expect(devices).toContainText(profile.devices[0].device_id);
  if (profile.ip_addresses[0])
    await expect(page.getByRole("region", { name: /^Client IP addresses/ })).toContainText(profile.ip_addresses[0].ip_address);
  if (profile.cards[0]) await expect(page.getByRole("region", { name: /^Cards/ })).toContainText(profile.cards[0].label);
  if (profile.emails[0]) await expect(page.getByRole("region", { name: /^E-mail addresses/ })).toContainText(profile.emails[0].email);
  const alerts = page.getByRole("region", { name: /^Open alerts/ });
  for (const id of profile.open_alert_ids) await expect(alerts.getByRole("link", { name: id })).toHaveAttribute("href", `/alerts/${id}`);
  const cases = page.getByRole("region", { name: /^Cases/ });
  for (const id of profile.case_ids) await expect(cases.getByRole("link", { name: id })).toHaveAttribute("href", `/cases/${id}`);

  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    violations.map((v) => v.id),
    describeViolations(violations),
  ).toEqual([]);
  await page.screenshot({ path: path.join(screenshots, "user-page.png"), fullPage: true, animations: "disabled" });
});

test("a user never seen in this environment is a 404 with the console's page", async ({ page }) => {
  const response = await page.goto(`/users/${encodeURIComponent(`nobody_${Date.now()}`)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such user in this environment" })).toBeVisible();
});
