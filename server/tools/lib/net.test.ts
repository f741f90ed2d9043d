import { describe, expect, it } from "vitest";
import { connectHost, freePort } from "./net";

describe("freePort", () => {
  it("asks the OS again when it offers a port this process already handed out", async () => {
    const offers = [41_000, 41_000, 41_001];
    const probe = async () => offers.shift()!;
    expect(await freePort("127.0.0.1", probe)).toBe(41_000);
    expect(await freePort("127.0.0.1", probe)).toBe(41_001);
  });

  it("never hands out the same port twice in one process, even when asked concurrently", async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
  });
});

describe("connectHost", () => {
  it("reaches a wildcard listen address through loopback and brackets IPv6", () => {
    expect(connectHost("0.0.0.0")).toBe("127.0.0.1");
    expect(connectHost("::")).toBe("[::1]");
    expect(connectHost("fe80::1")).toBe("[fe80::1]");
    expect(connectHost("10.0.0.2")).toBe("10.0.0.2");
  });
});
