import { expect, test, type Page } from "./support/fixtures";
import { apiGet, type ListPage } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";

// The policies page backtests its draft on the demo's 14 days of pre-production scores: the job
// is started, its progress shown, and the result (matrix, examples, outcomes) opened; a period
// without scores says so; a transaction is tried against the draft from its page, leaving no trace.

test.use({ role: "admin" });

const shots = "/tmp/shots-govc";

function backtest(page: Page) {
  return page.getByRole("region", { name: "Backtest the draft" });
}

async function setPeriod(page: Page, start: string, end: string) {
  const from = backtest(page).getByLabel("From");
  const to = backtest(page).getByLabel("To");
  // Typed again if the page hydrated in between and put the form's first values back.
  await expect(async () => {
    await from.fill(start);
    await to.fill(end);
    await expect(from).toHaveValue(start, { timeout: 500 });
    await expect(to).toHaveValue(end, { timeout: 500 });
  }).toPass();
}

test("a draft is backtested: the job's progress, then what would move", async ({ page }) => {
  await page.goto("/settings/policies");
  // A draft that challenges far more than the demo policy, so decisions move (never saved).
  const policy = page.getByRole("region", { name: "Decision policy" });
  await policy.getByLabel("Challenge at or above").fill("5");
  await expect(policy.getByText("1 unsaved change")).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  await setPeriod(page, start, today);
  await backtest(page).getByRole("button", { name: "Run backtest" }).click();

  await expect(backtest(page).getByRole("progressbar", { name: "Backtest progress" })).toBeVisible();
  const result = backtest(page).getByRole("region", { name: "Backtest result" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(backtest(page).getByRole("progressbar")).toHaveCount(0);
  await expect(result.getByTestId("backtest-summary")).toHaveText(/^[\d,]+ decisions? of [\d,]+ live scores? would change/);
  const summary = (await result.getByTestId("backtest-summary").textContent()) ?? "";
  const [changed, scores] = (summary.match(/[\d,]+/g) ?? []).map((n) => Number(n.replaceAll(",", "")));
  expect(scores).toBeGreaterThan(0);
  expect(changed).toBeGreaterThan(0);

  // The matrix: the engine's decisions (rows) against the draft's (columns); nothing moves to allow.
  const matrix = result.getByRole("table").first();
  await expect(matrix.getByRole("rowheader", { name: "Allow" })).toBeVisible();
  await expect(result.getByRole("heading", { name: "Against labelled outcomes" })).toBeVisible();
  await expect(result.getByText(/^Allow → Challenge: [\d,]+ transactions?$/)).toBeVisible();
  await result.screenshot({ path: `${shots}/backtest-result.png` });
  await page.screenshot({ path: `${shots}/backtest-page.png`, fullPage: true });

  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(violations, describeViolations(violations)).toEqual([]);

  // An example opens its transaction.
  const example = result.getByRole("link", { name: /^txn_/ }).first();
  const id = (await example.textContent())!;
  await example.click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${id}$`));
});

test("a period without scores gives a clear empty result", async ({ page }) => {
  await page.goto("/settings/policies");
  await setPeriod(page, "2020-01-01", "2020-01-31");
  await backtest(page).getByRole("button", { name: "Run backtest" }).click();
  const result = backtest(page).getByRole("region", { name: "Backtest result" });
  await expect(result.getByText("No live scores in this period")).toBeVisible({ timeout: 60_000 });
  await result.screenshot({ path: `${shots}/backtest-empty.png` });
});

test("a transaction is tried against the draft from its page, through labelled analysis", async ({ page }) => {
  const [transaction] = (await apiGet<ListPage<{ transaction_id: string; user_id: string }>>("/v1/transactions?limit=1")).data;
  const history = async () =>
    (await apiGet<ListPage<unknown>>(`/v1/transactions?user_id=${encodeURIComponent(transaction!.user_id)}&limit=100`)).data.length;
  const before = await history();

  await page.goto(`/transactions/${transaction!.transaction_id}`);
  await page.screenshot({ path: `${shots}/transaction-page.png` });
  await page.getByRole("link", { name: "Try against the draft policy" }).click();
  await expect(page).toHaveURL(/\/settings\/policies\?try=/);
  const tried = page.getByRole("region", { name: "Try a transaction against the draft" });
  const answer = tried.getByTestId("try-result");
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer).toContainText(transaction!.transaction_id);
  await expect(answer).toContainText(/Labelled analysis now\s*score \d+/);
  await expect(answer).toContainText(/The draft decides\s*(Allow|Challenge|Block) \(score bands\)/);

  // The draft decides again as it changes: at a block threshold of 1 any score above 0 is blocked.
  const policy = page.getByRole("region", { name: "Decision policy" });
  await policy.getByLabel("Challenge at or above").fill("0");
  await policy.getByLabel("Block at or above").fill("1");
  const score = Number(/Labelled analysis now\s*score (\d+)/.exec((await answer.textContent()) ?? "")?.[1]);
  await expect(answer).toContainText(new RegExp(`The draft decides\\s*${score >= 1 ? "Block" : "Challenge"} \\(score bands\\)`));
  await tried.screenshot({ path: `${shots}/try-transaction.png` });

  // Labelled mode is not live traffic: the user's history has no new transaction.
  expect(await history()).toBe(before);
  // An unknown id is refused next to the field.
  await tried.getByLabel("Transaction id").fill("txn_does_not_exist");
  await tried.getByRole("button", { name: "Try it" }).click();
  await expect(tried.getByText(/No such transaction|not found|does not exist/i)).toBeVisible();
});
