import { expect, test } from "./support/fixtures";

// Batch scoring: a CSV is read in the browser, invalid rows are held back, the valid ones are
// scored in pre-production through the console, and the results can be filtered and downloaded.

test.use({ role: "analyst" });

const csv = [
  "amount,currency,payment_method.type,payment_method.card_bin,payment_method.last_four,user.id,user.email,user.ip_address",
  "4999,USD,card,424242,4242,e2e_batch_1,ana@example.com,203.0.113.7",
  "1250,EUR,card,555555,4444,e2e_batch_2,ben@example.com,198.51.100.20",
  "89900,GBP,card,411111,1111,e2e_batch_3,cy@example.com,203.0.113.9",
  "not-a-number,USD,card,424242,4242,e2e_batch_4,dee@example.com,203.0.113.10",
].join("\r\n");

test("a CSV file is checked in the browser, its valid rows scored and the results shown", async ({ page }) => {
  await page.goto("/batch-scoring");
  await page.getByLabel("Choose a file").setInputFiles({ name: "e2e-batch.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByText("e2e-batch.csv")).toBeVisible();
  await expect(page.getByText(/4 rows: 3 ready to score, 1 with problems \(not sent\)/)).toBeVisible();

  await page.getByRole("button", { name: "Score 3 rows in Pre-production" }).click();
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByText(/3 scored · 0 failed · 1 invalid · 0 not sent/)).toBeVisible({ timeout: 30_000 });

  const download = page.waitForEvent("download");
  await results.getByRole("button", { name: "Download results as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
});
