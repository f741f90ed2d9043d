import { describe, expect, it } from "vitest";
import { hasRole, isRole } from "./roles";

describe("roles", () => {
  it("orders analyst < lead < admin", () => {
    expect(hasRole("analyst", "analyst")).toBe(true);
    expect(hasRole("analyst", "lead")).toBe(false);
    expect(hasRole("analyst", "admin")).toBe(false);
    expect(hasRole("lead", "analyst")).toBe(true);
    expect(hasRole("lead", "lead")).toBe(true);
    expect(hasRole("lead", "admin")).toBe(false);
    expect(hasRole("admin", "analyst")).toBe(true);
    expect(hasRole("admin", "lead")).toBe(true);
    expect(hasRole("admin", "admin")).toBe(true);
  });

  it("fails closed for anything that is not a role", () => {
    for (const value of [undefined, null, "", "Admin", "root", "console", 2, {}]) {
      expect(isRole(value)).toBe(false);
      expect(hasRole(value, "analyst")).toBe(false);
    }
  });
});
