import { expect, test, type Page } from "./support/fixtures";

// An existing decision rule edited in place: the edit goes into the draft, the review dialog
// lists it as a change (not a removal plus an addition), and the saved rule keeps its id, which
// blocked transactions name as `rule_id`. The list does not show ids, so they are read from what
// the console's server action sends (the whole rule list, ids included; response bodies of
// server actions are not always readable from the browser's protocol, requests always are).

test.use({ role: "admin" });

// Never matches the demo traffic (nine billion in minor units, wallets only), so other specs
// score against the usual decisions while the rule exists.
const AMOUNT = "900000000000";
const EDITED_AMOUNT = "950000000000";

const policyRegion = (page: Page) => page.getByRole("region", { name: "Decision policy" });
const rulesList = (page: Page) => policyRegion(page).getByRole("list", { name: "Rules, in the order they are checked" });

/** The rule's id in a server action's request (the rules as JSON). */
function idOfRule(text: string, name: string): string | undefined {
  return new RegExp(`"id":"([A-Za-z0-9_-]+)","name":"${name}"`).exec(text)?.[1];
}

/** Confirms the review dialog of `changes` lines and returns what the save sent. */
async function confirmSave(page: Page, changes: number): Promise<string> {
  const policy = policyRegion(page);
  await expect(policy.getByText(`${changes} unsaved ${changes === 1 ? "change" : "changes"}`)).toBeVisible();
  await policy.getByRole("button", { name: "Review and save" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Save the policy of Pre-production?" });
  const request = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
  await confirm.getByRole("button", { name: `Save ${changes} ${changes === 1 ? "change" : "changes"}` }).click();
  const sent = (await request).postData() ?? "";
  await expect(confirm).toBeHidden();
  await expect(policy.getByText("No unsaved changes")).toBeVisible();
  return sent;
}

test("an admin edits a saved rule; the review lists the change and the rule keeps its id and place", async ({ page }) => {
  const name = `E2E edited rule ${Date.now()}`;
  await page.goto("/settings/policies");
  const policy = policyRegion(page);

  // A rule added and saved.
  await policy.getByRole("button", { name: "Add rule" }).click();
  const add = page.getByRole("dialog", { name: "Add a rule" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Decision").selectOption("allow");
  await add.getByLabel("Amount at least (optional)").fill(AMOUNT);
  await add.getByRole("checkbox", { name: "wallet" }).check();
  await add.getByRole("button", { name: "Add to draft" }).click();
  await expect(add).toBeHidden();
  // Sent without an id: the API gives it one.
  const first = await confirmSave(page, 1);
  expect(first).toContain(`"name":"${name}"`);
  expect(idOfRule(first, name)).toBeUndefined();

  const names = async () => (await rulesList(page).getByRole("listitem").allInnerTexts()).map((text) => text.includes(name));
  const position = (await names()).indexOf(true);
  expect(position).toBeGreaterThanOrEqual(0);

  // Edit: the add dialog, filled with the rule.
  await policy.getByRole("button", { name: `Edit rule “${name}”` }).click();
  const edit = page.getByRole("dialog", { name: `Edit rule “${name}”` });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await expect(edit.getByLabel("Decision")).toHaveValue("allow");
  await expect(edit.getByLabel("Amount at least (optional)")).toHaveValue(AMOUNT);
  await expect(edit.getByRole("checkbox", { name: "wallet" })).toBeChecked();

  // Validated as an addition is: an empty name is refused in the dialog.
  await edit.getByLabel("Name").fill("");
  await edit.getByRole("button", { name: "Apply to draft" }).click();
  await expect(edit.getByText("Give the rule a name.")).toBeVisible();
  await edit.getByLabel("Name").fill(name);

  await edit.getByLabel("Decision").selectOption("challenge");
  await edit.getByLabel("Amount at least (optional)").fill(EDITED_AMOUNT);
  await edit.getByRole("button", { name: "Apply to draft" }).click();
  await expect(edit).toBeHidden();

  // The review names the edit, before and after, as one change.
  await expect(policy.getByText("1 unsaved change")).toBeVisible();
  await policy.getByRole("button", { name: "Review and save" }).click();
  const changes = page.getByRole("alertdialog", { name: "Save the policy of Pre-production?" }).getByRole("list", { name: "Changes" });
  await expect(changes.getByRole("listitem")).toHaveCount(1);
  await expect(changes).toContainText(`Change rule “${name}”: allow when amount ≥ 900,000,000,000`);
  await expect(changes).toContainText(`→ “${name}”: challenge when amount ≥ 950,000,000,000`);
  await page.getByRole("button", { name: "Keep editing" }).click();

  // The edit is sent with the id the API gave the rule on the first save.
  const id = idOfRule(await confirmSave(page, 1), name);
  expect(id).toMatch(/^rule_/);

  // After a reload: the edited rule, in its place.
  await page.reload();
  const item = rulesList(page).getByRole("listitem").nth(position);
  await expect(item).toContainText(name);
  await expect(item).toContainText("Challenge");
  await expect(item).toContainText("amount ≥ 950,000,000,000");
  await expect(rulesList(page).getByRole("listitem").filter({ hasText: name })).toHaveCount(1);

  // The saved rule still has that id: switching it off sends the policy as the API returned it.
  await policy.getByRole("checkbox", { name: `Rule “${name}” enabled` }).uncheck();
  expect(idOfRule(await confirmSave(page, 1), name)).toBe(id);

  // Removed again, so the other specs score against the usual policy.
  await policy.getByRole("button", { name: `Remove rule “${name}”` }).click();
  await confirmSave(page, 1);
});
