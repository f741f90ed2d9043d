import fs from "node:fs";
import { expect, test, type Page } from "./support/fixtures";
import { apiGet, type ListPage } from "./support/api";
import { describeViolations, runAxe } from "./support/axe";
import { readState } from "./support/state";

// Exports for auditors: a case's record as JSON (downloaded and read back) and as a printable
// page; the hash chains shown as verified on the case and its transaction; the account's audit
// log downloaded by an admin for a period, a period over a year refused with the API's message,
// and nothing of it for an analyst. A tampered row is detected by the API tests on both databases
// (server/routes/v1/cases/case-chain.test.ts, transactions/transaction-chain.test.ts): the e2e API
// owns its PGlite folder, which nothing else may open while it runs.

const shots = "/tmp/shots-govc";

async function post<T>(path: string, body: unknown): Promise<T> {
  const state = readState();
  const res = await fetch(`${state.sandboxApiUrl}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.secrets.testKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A case with a transaction that carries two analyst decisions (a chain of two). */
async function caseWithDecisions(): Promise<{ caseId: string; transactionId: string }> {
  const [transaction] = (await apiGet<ListPage<{ transaction_id: string }>>("/v1/transactions?limit=1&review=pending")).data;
  const transactionId = transaction!.transaction_id;
  await post("/v1/decisions", { transaction_id: transactionId, decision: "challenge", reason: "manual_review", notes: "Asked for ID." });
  await post("/v1/decisions", { transaction_id: transactionId, decision: "allow", reason: "customer_verified" });
  const kase = await post<{ case_id: string }>("/v1/cases", {
    title: `Export check ${Date.now()}`,
    case_type: "payment_fraud",
    severity: "high",
    transaction_ids: [transactionId],
    notes: "Opened for the auditors.",
  });
  return { caseId: kase.case_id, transactionId };
}

async function expectAxeClean(page: Page) {
  const violations = (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(violations, describeViolations(violations)).toEqual([]);
}

test.describe("as a lead", () => {
  test.use({ role: "lead" });

  test("the case shows its chains verified, downloads its JSON record and prints", async ({ page }) => {
    const { caseId, transactionId } = await caseWithDecisions();
    await page.goto(`/cases/${caseId}`);
    const audit = page.getByRole("region", { name: "Audit log" });
    await expect(audit.getByTestId("chain-status")).toContainText("Chain verified");
    const linked = page.getByRole("region", { name: /Linked transactions/ });
    await expect(linked.getByTestId("chain-status")).toContainText("Chain verified");
    await expect(linked.getByTestId("chain-status")).toContainText(/[2-9]\d* entries/);
    await page.screenshot({ path: `${shots}/case-detail.png`, fullPage: true });
    await expectAxeClean(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download JSON" }).click()]);
    expect(download.suggestedFilename()).toBe(`case-${caseId}.json`);
    const record = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(record.object).toBe("case_export");
    expect(record.case.case_id).toBe(caseId);
    expect(record.transactions.map((t: { transaction_id: string }) => t.transaction_id)).toEqual([transactionId]);
    expect(record.transactions[0].decisions.slice(-2).map((d: { decision: string }) => d.decision)).toEqual(["challenge", "allow"]);
    expect(record.notes.map((n: { note: string }) => n.note)).toContain("Opened for the auditors.");
    expect(record.chains.audit.verified).toBe(true);
    expect(record.chains.decisions).toMatchObject({ verified: true, chains: 1, broken: [] });

    await page.getByRole("link", { name: "Printable page" }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${caseId}/print$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Case record: Export check");
    const printed = page.getByRole("article", { name: "Case record" });
    await expect(printed.getByRole("heading", { name: "Audit log (2)" })).toBeVisible();
    await expect(printed).toContainText("Opened for the auditors.");
    await expect(printed).toContainText(transactionId);
    await expect(printed).toContainText("Asked for ID.");
    await expect(printed.getByTestId("chain-status").first()).toContainText("Chain verified");
    await page.screenshot({ path: `${shots}/case-print.png`, fullPage: true });
    await expectAxeClean(page);

    // The button opens the browser's print dialog (replaced here: a headless browser has none).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole("button", { name: "Print / save as PDF" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // On paper: no navigation, no buttons, the record alone.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("complementary", { name: "Sections" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Print / save as PDF" })).toBeHidden();
    await expect(printed).toBeVisible();
    await page.screenshot({ path: `${shots}/case-print-media.png`, fullPage: true });

    // The transaction's own page shows its decision chain verified too.
    await page.emulateMedia({ media: "screen" });
    await page.goto(`/transactions/${transactionId}`);
    const chain = page.getByRole("region", { name: "Decision chain" });
    await expect(chain.getByTestId("chain-status")).toContainText("Chain verified");
    await chain.screenshot({ path: `${shots}/transaction-chain.png` });
  });
});

test.describe("as an admin", () => {
  test.use({ role: "admin" });

  test("the audit log of a period is downloaded; a period over a year shows the API's refusal", async ({ page }) => {
    await page.goto("/settings/audit-log");
    const form = page.getByRole("form", { name: "Audit log period" });
    const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download NDJSON" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^argus-audit-log-pre-production-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.ndjson$/);
    const lines = fs
      .readFileSync((await download.path())!, "utf8")
      .trimEnd()
      .split("\n");
    expect(lines.length).toBeGreaterThan(0);
    const entries = lines.map((line) => JSON.parse(line) as { type: string; at: string; object: { type: string } });
    for (const entry of entries)
      expect(entry).toMatchObject({ type: expect.any(String), at: expect.any(String), object: expect.any(Object) });
    expect(entries.some((e) => e.type.startsWith("case."))).toBe(true);
    await expect(form.getByRole("status")).toContainText(`${lines.length.toLocaleString("en-US")} entr`);
    await page.screenshot({ path: `${shots}/audit-log.png`, fullPage: true });
    await expectAxeClean(page);

    await form.getByLabel("From").fill("2025-01-01");
    await form.getByLabel("To").fill("2026-06-30");
    await form.getByRole("button", { name: "Download NDJSON" }).click();
    const to = form.getByLabel("To");
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(/366 days/)).toBeVisible();
    await page.screenshot({ path: `${shots}/audit-log-refused.png`, fullPage: true });
    await expectAxeClean(page);
  });
});

test.describe("as an analyst", () => {
  test.use({ role: "analyst" });

  test("an analyst has no audit-log download", async ({ page }) => {
    await page.goto("/overview");
    await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    const pageAnswer = await page.goto("/settings/audit-log");
    expect(pageAnswer?.status()).toBe(403);
    const fileAnswer = await page.request.get("/settings/audit-log/download?start_time=2026-11-01T00:00:00Z&end_time=2026-11-02T00:00:00Z");
    expect(fileAnswer.status()).toBe(403);
  });
});
