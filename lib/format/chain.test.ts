import { describe, expect, it } from "vitest";
import { chainStatus } from "./chain";

describe("chainStatus", () => {
  it("names the first broken entry", () => {
    expect(chainStatus({ verified: false, entries: 5, first_broken_seq: 2, unhashed: 0 })).toMatchObject({
      ok: false,
      label: "Chain broken at entry 2",
    });
  });

  it("says verified, counting entries written before hashing apart", () => {
    expect(chainStatus({ verified: true, entries: 3, first_broken_seq: null, unhashed: 0 })).toEqual({
      ok: true,
      label: "Chain verified",
      detail: "3 entries, each hash checked against the one before.",
    });
    expect(chainStatus({ verified: true, entries: 3, first_broken_seq: null, unhashed: 1 }).detail).toBe(
      "2 entries, each hash checked against the one before; 1 earlier entry was written before hashing.",
    );
    expect(chainStatus({ verified: true, entries: 0, first_broken_seq: null, unhashed: 0 }).detail).toMatch(/No entries/);
  });
});
