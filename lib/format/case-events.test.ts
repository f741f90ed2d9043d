import { describe, expect, it } from "vitest";
import type { CaseEvent } from "../api/wire";
import { describeCaseEvent } from "./case-events";

const entry = (e: Partial<CaseEvent>) =>
  ({ event_id: "e", actor_id: "a", seq: 1, timestamp: "2026-11-28T12:00:00Z", hash: null, ...e }) as CaseEvent;
const name = (id: string | null | undefined) => id ?? "nobody";

describe("case audit entries in words", () => {
  it("says an SLA breach and a reassignment plainly", () => {
    expect(describeCaseEvent(entry({ action: "sla_breached" }), name).join("")).toBe(
      "recorded that the case passed its due time (SLA breached)",
    );
    expect(describeCaseEvent(entry({ action: "assignee_changed", from: "ana_1", to: "ana_2" }), name).join("")).toBe(
      "assigned the case to ana_2 (was ana_1)",
    );
  });
});
