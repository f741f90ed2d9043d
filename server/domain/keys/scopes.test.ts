import { describe, expect, it } from "vitest";
import { permits } from "./scopes";

describe("permits", () => {
  it("treats an empty scope list as unrestricted", () => {
    expect(permits([], ["cases:write"])).toBe(true);
  });
  it("requires one of the named scopes", () => {
    expect(permits(["cases:read"], ["cases:write"])).toBe(false);
    expect(permits(["cases:read", "cases:write"], ["cases:write"])).toBe(true);
  });
  it("lets KYC_WRITE read verifications, not the reverse", () => {
    expect(permits(["KYC_WRITE"], ["KYC_READ"])).toBe(true);
    expect(permits(["KYC_READ"], ["KYC_WRITE"])).toBe(false);
  });
});
