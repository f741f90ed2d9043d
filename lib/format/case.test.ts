import { describe, expect, it } from "vitest";
import { caseNextStatuses, caseTypeForAlert } from "./case";

describe("caseTypeForAlert", () => {
  it("maps each alert type to the case type its investigation needs", () => {
    expect(caseTypeForAlert("card_testing")).toBe("payment_fraud");
    expect(caseTypeForAlert("velocity_spike")).toBe("payment_fraud");
    expect(caseTypeForAlert("ato_pattern")).toBe("account_takeover");
    expect(caseTypeForAlert("new_device_cluster")).toBe("account_takeover");
    expect(caseTypeForAlert("identity_abuse")).toBe("identity_fraud");
  });
});

describe("caseNextStatuses", () => {
  it("never offers a move back to open, and closes only resolved cases", () => {
    for (const moves of Object.values(caseNextStatuses)) expect(moves).not.toContain("open");
    expect(caseNextStatuses.open).toEqual(["in_review", "resolved"]);
    expect(caseNextStatuses.resolved).toContain("closed");
    expect(caseNextStatuses.in_review).not.toContain("closed");
    expect(caseNextStatuses.closed).toEqual(["in_review"]);
  });
});
