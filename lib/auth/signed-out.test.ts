import { describe, expect, it } from "vitest";
import { endedBySignOut } from "./signed-out";

describe("endedBySignOut", () => {
  it("ends a session that began at or before the last sign-out", () => {
    expect(endedBySignOut(1_000, "2000")).toBe(true);
    expect(endedBySignOut(2_000, "2000")).toBe(true);
  });

  it("keeps a session that began after it, or when there was no sign-out", () => {
    expect(endedBySignOut(3_000, "2000")).toBe(false);
    expect(endedBySignOut(3_000, undefined)).toBe(false);
    expect(endedBySignOut(3_000, "garbage")).toBe(false);
  });

  it("ends a session without a sign-in time once a sign-out happened", () => {
    expect(endedBySignOut(undefined, "2000")).toBe(true);
  });
});
