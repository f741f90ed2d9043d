import { describe, expect, it } from "vitest";
import { entityOf, unionFind } from "./clusters";

describe("unionFind", () => {
  it("joins a chain whose ends share nothing, and keeps loners apart", () => {
    const groups = unionFind(
      new Map([
        ["a", new Set(["card:1:1"])],
        ["b", new Set(["ip:198.51.100.1"])],
        ["c", new Set(["card:1:1", "device:d"])],
        ["d", new Set(["device:d", "ip:198.51.100.1"])],
        ["e", new Set(["user:u"])],
        ["f", new Set<string>()],
      ]),
    );
    expect(groups.map((g) => [...g].sort())).toEqual(expect.arrayContaining([["a", "b", "c", "d"], ["e"], ["f"]]));
    expect(groups).toHaveLength(3);
  });
});

describe("entityOf", () => {
  it("takes users, devices, cards and client IPs, nothing else", () => {
    expect(entityOf("card:411111:1111")).toEqual({ type: "card", value: "411111:1111" });
    expect(entityOf("ip:203.0.113.7")).toEqual({ type: "ip", value: "203.0.113.7" });
    expect(entityOf("ip:10.0.0.1")).toBeNull();
    expect(entityOf("account")).toBeNull();
    expect(entityOf("document:abc")).toBeNull();
    expect(entityOf("user:")).toBeNull();
  });
});
