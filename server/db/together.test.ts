import { describe, expect, it } from "vitest";
import { together } from "./client";

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe("together", () => {
  it("resolves every value in argument order", async () => {
    expect(await together(later(20, "a"), later(1, 2), Promise.resolve(null))).toEqual(["a", 2, null]);
  });

  it("rejects only once every step settled, with the first failure in argument order", async () => {
    const settled: string[] = [];
    const step = (ms: number, name: string, fail = false) => later(ms, name, fail).finally(() => settled.push(name));
    // A step that fails at once must not end the wait while another is still running: in a
    // transaction, that one could still send a statement after the rollback.
    const err = await together(step(30, "slow"), step(1, "first failure", true), step(10, "second failure", true)).catch((e: unknown) => e);
    expect(err).toBe("first failure");
    expect(settled).toEqual(["first failure", "second failure", "slow"]);
  });
});
