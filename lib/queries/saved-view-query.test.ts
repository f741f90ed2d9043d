import { describe, expect, it } from "vitest";
import { createdBefore, earlierBound } from "./queue-age";
import { isBareQuery, showsView, viewHref, viewOfQuery } from "./saved-view-query";

describe("saved view addresses", () => {
  it("puts a view's filters and its order in the queue's URL, in the queue's key order", () => {
    expect(viewHref("cases", { filters: { sla_state: "breached", severity: "critical" }, sort: "due_at" }, "ana_1")).toBe(
      "/cases?severity=critical&sla_state=breached&sort=due_at",
    );
    expect(viewHref("alerts", { filters: {}, sort: "created_at" }, "ana_1")).toBe("/alerts?sort=created_at");
  });

  it("reads the current address back, without the cursor, with the default order", () => {
    const params = new URLSearchParams("status=open&cursor=abc&age=24h");
    expect(viewOfQuery("cases", params, "ana_1")).toEqual({ filters: { status: "open", age: "24h" }, sort: "priority" });
    expect(showsView("cases", params, { filters: { age: "24h", status: "open" }, sort: "priority" }, "ana_1")).toBe(true);
    expect(showsView("cases", params, { filters: { status: "open" }, sort: "priority" }, "ana_1")).toBe(false);
  });

  it("saves one's own cases as `me`, and opens `me` as the viewer's own cases", () => {
    const mine = new URLSearchParams("assignee_id=ana_lead&status=open");
    const saved = viewOfQuery("cases", mine, "ana_lead");
    expect(saved.filters).toEqual({ status: "open", assignee_id: "me" });
    expect(viewHref("cases", saved, "ana_ben")).toBe("/cases?status=open&assignee_id=ana_ben&sort=priority");
    expect(showsView("cases", new URLSearchParams("assignee_id=ana_ben&status=open"), saved, "ana_ben")).toBe(true);
    expect(showsView("cases", mine, saved, "ana_ben")).toBe(false);
    // Someone else's cases stay theirs.
    expect(viewOfQuery("cases", mine, "ana_ben").filters.assignee_id).toBe("ana_lead");
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
