import { describe, expect, it } from "vitest";
import { InboxClaims, inboxClaims } from "./inbox-claims";

describe("InboxClaims", () => {
  it("holds claimed ids until the lease lapses, then forgets them", () => {
    const claims = new InboxClaims();
    claims.take([1, 2], 1_000, 10_000);
    claims.take([3], 5_000, 10_000);
    expect(claims.claimedIds(10_500).sort()).toEqual([1, 2, 3]);
    expect(claims.claimedIds(11_001)).toEqual([3]);
    expect(claims.claimedIds(15_001)).toEqual([]);
  });

  it("a lease taken over cannot be pinned or released by its first holder", () => {
    const claims = new InboxClaims();
    const first = claims.take([1, 2, 3], 1_000, 10_000);
    const second = claims.take([2, 3], 1_000, 12_000);
    expect(claims.pin(first)).toBe(2);
    claims.release(first);
    expect(claims.claimedIds(12_000).sort()).toEqual([2, 3]);
    expect(claims.pin(second)).toBe(0);
  });

  it("a pinned lease no longer lapses; released, its rows are free at once", () => {
    const claims = new InboxClaims();
    const lease = claims.take([7, 8], 1_000, 10_000);
    expect(claims.pin(lease)).toBe(0);
    expect(claims.claimedIds(1e15).sort()).toEqual([7, 8]);
    claims.release(lease);
    expect(claims.claimedIds(10_000)).toEqual([]);
  });

  it("runs claims one after another, also after one fails", async () => {
    const claims = new InboxClaims();
    const order: string[] = [];
    const step = (name: string, ms: number, fail = false) =>
      claims.exclusive(async () => {
        order.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([step("a", 20, true), step("b", 1), step("c", 5)]);
    expect(order).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
  });

  it("keeps one registry per database client", () => {
    const a = {};
    expect(inboxClaims(a)).toBe(inboxClaims(a));
    expect(inboxClaims(a)).not.toBe(inboxClaims({}));
  });
});
