import { describe, expect, it } from "vitest";
import { checkViewFilters } from "./saved-view-filters";

describe("checkViewFilters", () => {
  it("accepts the queue's own filters and orders", () => {
    expect(() => checkViewFilters("alerts", { status: "all", age: "7d", start_time: "2026-02-28" }, "severity")).not.toThrow();
    expect(() => checkViewFilters("cases", { status: "in_review", sla_state: "due_soon", assignee_id: "none" }, "priority")).not.toThrow();
  });

  it("names the first unknown key, bad value or day, or the sort", () => {
    const param = (f: () => void) => {
      try {
        f();
      } catch (e) {
        return (e as { param?: string }).param;
      }
      return "none";
    };
    expect(param(() => checkViewFilters("cases", { alert_type: "card_testing" }, "priority"))).toBe("filters.alert_type");
    expect(param(() => checkViewFilters("alerts", { end_time: "2026-13-45" }, "created_at"))).toBe("filters.end_time");
    expect(param(() => checkViewFilters("alerts", { end_time: "2026-02-30" }, "created_at"))).toBe("filters.end_time");
    expect(param(() => checkViewFilters("alerts", { status: "closed" }, "created_at"))).toBe("filters.status");
    expect(param(() => checkViewFilters("alerts", {}, "priority"))).toBe("sort");
  });
});
