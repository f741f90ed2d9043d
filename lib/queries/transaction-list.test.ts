import { afterEach, describe, expect, it, vi } from "vitest";
import { isActionFailure } from "./action-result";
import { fetchTransactionList, transactionListPath } from "./transaction-list";

// The view's reads after the first page go to the console's own route; the path carries the
// page's URL state (show, user id, the current cursor) and a refusal comes back as the route's
// safe error, so the table can show it with its request id.

describe("transactionListPath", () => {
  it("names the list, the user and the cursor, and nothing that is not set", () => {
    expect(transactionListPath({ show: "review", userId: null, after: undefined })).toBe("/api/transactions?show=review");
    expect(transactionListPath({ show: "all", userId: "user 1&x", after: "cur_2" })).toBe(
      "/api/transactions?show=all&user_id=user+1%26x&after=cur_2",
    );
  });
});

describe("fetchTransactionList", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers the route's page", async () => {
    const page = { environment: "pre-production", listed_at: "2026-11-28T08:00:00.000Z", data: [], has_more: false, next_cursor: null };
    vi.stubGlobal("fetch", async () => Response.json(page));
    await expect(fetchTransactionList({ show: "review", userId: null, after: undefined })).resolves.toEqual(page);
  });

  it("throws the route's safe error, and a plain one for an answer that is not the route's", async () => {
    const refusal = { message: "user_id must be at most 200 characters.", status: 400, param: "user_id" };
    vi.stubGlobal("fetch", async () => Response.json({ error: refusal }, { status: 400 }));
    const failure = await fetchTransactionList({ show: "review", userId: "x", after: undefined }).catch((e: unknown) => e);
    expect(isActionFailure(failure) && failure.toSafeError()).toMatchObject(refusal);

    vi.stubGlobal("fetch", async () => new Response("<html>sign in</html>", { status: 401 }));
    const signedOut = await fetchTransactionList({ show: "all", userId: null, after: undefined }).catch((e: unknown) => e);
    expect(isActionFailure(signedOut) && signedOut.toSafeError()).toMatchObject({
      status: 401,
      message: expect.stringMatching(/session has ended/),
    });
  });
});
