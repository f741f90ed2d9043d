import { describe, expect, it, vi } from "vitest";
import {
  checkExplanation,
  checkLabel,
  checkPurpose,
  checksSummary,
  screeningAwaitingReview,
  screeningOfDatabaseCheck,
  subjectCountry,
  subjectName,
} from "./verification";
import { VerificationDetailSchema, VerificationSchema } from "../api/wire-schemas";

vi.mock("server-only", () => ({}));

const base = {
  object: "verification" as const,
  verification_id: "idv_1",
  user_id: "cus_1",
  type: "individual" as const,
  status: "pending" as const,
  screening_id: "scr_abc123",
  created_at: "2026-11-22T00:11:28Z",
  completed_at: null,
};

describe("VerificationSchema", () => {
  it("reads a Surface B verification and its subject", () => {
    const parsed = VerificationDetailSchema.parse({
      ...base,
      checks: [{ name: "database_check", status: "pending", detail: "x" }],
      subject: { first_name: "Ada" },
    });
    expect(parsed.subject).toEqual({ first_name: "Ada" });
  });
  it("accepts a check the console does not know (the list is open) but not an unknown status", () => {
    expect(VerificationSchema.safeParse({ ...base, checks: [{ name: "sanctions_recheck", status: "pass", detail: "" }] }).success).toBe(
      true,
    );
    expect(VerificationSchema.safeParse({ ...base, checks: [{ name: "liveness", status: "maybe" }] }).success).toBe(false);
  });
});

describe("check wording", () => {
  it("names the API's checks in words and keeps unknown ones readable", () => {
    expect(checkLabel("database_check")).toBe("Database check");
    expect(checkLabel("address_verification")).toBe("Address");
    expect(checkLabel("sanctions_recheck")).toBe("Sanctions recheck");
    expect(checkPurpose("liveness")).toMatch(/liveness vendor/);
    expect(checkPurpose("sanctions_recheck")).toBeNull();
  });
  it("explains a check by the API's detail, or by its status when there is none", () => {
    expect(
      checkExplanation({ name: "phone_match", status: "fail", detail: "The phone number is from +44 (GB), the address is in US (+1)." }),
    ).toMatch(/\+44/);
    expect(checkExplanation({ name: "liveness", status: "pending", detail: "" })).toMatch(/Still running/);
    expect(checkExplanation({ name: "liveness", status: "fail", detail: " " })).toMatch(/failed/);
  });
  it("summarises failed and pending checks for the queue", () => {
    expect(
      checksSummary([
        { name: "identity_match", status: "pass", detail: "" },
        { name: "address_verification", status: "pass", detail: "" },
      ]),
    ).toBe("All 2 checks passed");
    expect(
      checksSummary([
        { name: "phone_match", status: "fail", detail: "" },
        { name: "document_validity", status: "pending", detail: "" },
      ]),
    ).toBe("Failed: Phone · Pending: Document validity");
    expect(checksSummary([])).toBe("No checks");
  });
});

describe("link to the watchlist review", () => {
  it("finds the screening a pending database check waits on", () => {
    const checks = [
      {
        name: "database_check",
        status: "pending" as const,
        detail: "Possible match with X on the pep list (score 0.8); awaiting review of screening scr_fromdetail.",
      },
    ];
    expect(screeningAwaitingReview({ checks, screening_id: "scr_abc123" })).toBe("scr_abc123");
    expect(screeningAwaitingReview({ checks, screening_id: null })).toBe("scr_fromdetail");
    expect(
      screeningAwaitingReview({ checks: [{ name: "database_check", status: "pass", detail: "" }], screening_id: "scr_abc123" }),
    ).toBeNull();
  });
  it("links a settled database check to the screening its detail names", () => {
    expect(
      screeningOfDatabaseCheck({
        checks: [{ name: "database_check", status: "fail", detail: "Matches KONY on the ofac list (score 1); screening scr_x1." }],
        screening_id: "scr_y",
      }),
    ).toBe("scr_x1");
    expect(
      screeningOfDatabaseCheck({ checks: [{ name: "identity_match", status: "pass", detail: "" }], screening_id: "scr_y" }),
    ).toBeNull();
  });
});

describe("subject", () => {
  it("names a person or a business and finds the country", () => {
    expect(subjectName({ first_name: "Ada", last_name: "Lovelace" })).toBe("Ada Lovelace");
    expect(subjectName({ legal_name: "Acme Ltd" })).toBe("Acme Ltd");
    expect(subjectName({})).toBeNull();
    expect(subjectCountry({ address: { country: "GB" } })).toBe("GB");
    expect(subjectCountry({ country: "DE", registered_address: { country: "FR" } })).toBe("DE");
    expect(subjectCountry({})).toBeNull();
  });
});
