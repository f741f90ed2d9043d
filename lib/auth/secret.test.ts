import { describe, expect, it } from "vitest";
import { deriveAuthSecret, pickAuthSecret } from "./secret";

describe("session secret", () => {
  it("prefers AUTH_SECRET, else derives one from the console secret", () => {
    expect(pickAuthSecret("explicit", "console-secret")).toBe("explicit");
    expect(pickAuthSecret(undefined, "console-secret")).toBe(deriveAuthSecret("console-secret"));
    expect(pickAuthSecret("  ", "console-secret")).toBe(deriveAuthSecret("console-secret"));
    expect(pickAuthSecret(undefined, undefined)).toBeUndefined();
    expect(pickAuthSecret("", " ")).toBeUndefined();
  });

  it("derives a stable, strong value that is not the console secret", () => {
    const a = deriveAuthSecret("console-secret");
    expect(a).toBe(deriveAuthSecret("console-secret"));
    expect(a).not.toContain("console-secret");
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(deriveAuthSecret("other-secret")).not.toBe(a);
  });
});
