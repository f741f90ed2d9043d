import { describe, expect, it } from "vitest";
import { createdBefore, earlierBound } from "./queue-age";
import { isBareQuery, showsView, viewHref, viewOfQuery } from "./saved-view-query";

describe("saved view addresses", () => {
  it("puts a view's filters and its order in the queue's URL, in the queue's key order", () => {
    expect(viewHref("cases", { filters: { sla_state: "breached", severity: "critical" }, sort: "due_at" })).toBe(
      "/cases?severity=critical&sla_state=breached&sort=due_at",
    );
    expect(viewHref("alerts", { filters: {}, sort: "created_at" })).toBe("/alerts?sort=created_at");
  });

  it("reads the current address back, without the cursor, with the default order", () => {
    const params = new URLSearchParams("status=open&cursor=abc&age=24h");
    expect(viewOfQuery("cases", params)).toEqual({ filters: { status: "open", age: "24h" }, sort: "priority" });
    expect(showsView("cases", params, { filters: { age: "24h", status: "open" }, sort: "priority" })).toBe(true);
    expect(showsView("cases", params, { filters: { status: "open" }, sort: "priority" })).toBe(false);
  });

  it("a bare queue has no parameters at all", () => {
    expect(isBareQuery({})).toBe(true);
    expect(isBareQuery({ sort: "priority" })).toBe(false);
  });

  it("an age is a created-before bound to the second; the earlier of two bounds wins", () => {
    expect(createdBefore("24h", new Date("2026-03-02T10:00:00.700Z"))).toBe("2026-03-01T10:00:00Z");
    expect(earlierBound("2026-03-01T23:59:59Z", "2026-02-01T00:00:00Z")).toBe("2026-02-01T00:00:00Z");
    expect(earlierBound(undefined, "2026-02-01T00:00:00Z")).toBe("2026-02-01T00:00:00Z");
  });
});
