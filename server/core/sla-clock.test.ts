import { describe, expect, it } from "vitest";
import { slaState } from "./sla-clock";

const created = new Date("2026-03-28T12:00:00Z");
const due = new Date("2026-03-28T16:00:00Z"); // 4 h: due soon from 15:12
const at = (iso: string) => new Date(iso);
const item = (over: Partial<Parameters<typeof slaState>[0]> = {}) => ({
  createdAt: created,
  dueAt: due,
  slaBreachedAt: null,
  finished: false,
  ...over,
});

describe("the SLA clock", () => {
  it("is on track until the last 20 % of the due time, then due soon, then breached at the due time", () => {
    expect(slaState(item(), at("2026-03-28T12:00:00Z"))).toBe("on_track");
    expect(slaState(item(), at("2026-03-28T15:11:59.999Z"))).toBe("on_track");
    expect(slaState(item(), at("2026-03-28T15:12:00Z"))).toBe("due_soon");
    expect(slaState(item(), at("2026-03-28T15:59:59.999Z"))).toBe("due_soon");
    expect(slaState(item(), at("2026-03-28T16:00:00Z"))).toBe("breached");
  });

  it("counts wall-clock time: a daylight-saving change in between does not move the due time", () => {
    // 29 March 2026 Europe moves to summer time at 01:00 UTC: the due instant stays 24 h of real time.
    const c = new Date("2026-03-28T12:00:00Z");
    const d = new Date("2026-03-29T12:00:00Z");
    expect(slaState({ createdAt: c, dueAt: d, slaBreachedAt: null, finished: false }, at("2026-03-29T11:59:59Z"))).toBe("due_soon");
    expect(slaState({ createdAt: c, dueAt: d, slaBreachedAt: null, finished: false }, at("2026-03-29T12:00:00Z"))).toBe("breached");
  });

  it("is met when finished before a breach was recorded, and stays breached once recorded", () => {
    expect(slaState(item({ finished: true }), at("2026-04-30T00:00:00Z"))).toBe("met");
    expect(slaState(item({ finished: true, slaBreachedAt: due }), at("2026-04-30T00:00:00Z"))).toBe("breached");
    expect(slaState(item({ slaBreachedAt: due }), at("2026-03-28T12:00:00Z"))).toBe("breached");
  });
});
