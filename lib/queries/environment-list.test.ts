import { describe, expect, it } from "vitest";
import { ActionFailure } from "./action-result";
import { environmentListState } from "./environment-list";

const NONE: string[] = [];
const query = (over: Partial<Parameters<typeof environmentListState<string>>[0]>) => ({
  data: undefined,
  status: "pending" as const,
  error: null,
  isFetching: false,
  refetch: async () => undefined,
  ...over,
});

describe("environmentListState", () => {
  it("shows the rows of the environment the page shows", () => {
    const rows = ["a", "b"];
    const state = environmentListState(query({ data: { environment: "production", data: rows }, status: "success" }), "production", NONE);
    expect(state.rows).toBe(rows);
    expect(state.table).toMatchObject({ status: "success", error: null });
  });

  it("hides another environment's rows and says why", () => {
    const state = environmentListState(
      query({ data: { environment: "production", data: ["a"] }, status: "success" }),
      "pre-production",
      NONE,
    );
    expect(state.rows).toBe(NONE);
    expect(state.table.status).toBe("error");
    expect(state.table.error?.message).toMatch(/^The console switched to Production in another tab/);
  });

  it("keeps the API's request id of a failed read, and retries through the query", async () => {
    let refetched = 0;
    const error = new ActionFailure({ message: "Argus is unavailable.", requestId: "req_1" });
    const state = environmentListState(query({ status: "error", error, refetch: async () => void refetched++ }), "production", NONE);
    expect(state.rows).toBe(NONE);
    expect(state.table).toMatchObject({ status: "error", error: { message: "Argus is unavailable.", requestId: "req_1" } });
    state.table.onRetry();
    expect(refetched).toBe(1);
  });
});
