import { describe, expect, it } from "vitest";
import { canonicalJson, chainHash, verifyChain } from "./hash-chain";

type Row = { seq: number; body: string; hash: string | null };

function chain(bodies: string[], unhashedFirst = 0): Row[] {
  let previous: string | null = null;
  return bodies.map((body, i) => {
    if (i < unhashedFirst) return { seq: i + 1, body, hash: null };
    const hash = chainHash({ seq: i + 1, body }, previous);
    previous = hash;
    return { seq: i + 1, body, hash };
  });
}
const verify = (rows: Row[]) =>
  verifyChain(
    rows,
    (r) => r.seq,
    (r) => r.hash,
    (r) => ({ seq: r.seq, body: r.body }),
  );

describe("canonicalJson", () => {
  it("sorts keys at every depth and leaves out undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: null, y: "x" }], c: undefined } })).toBe('{"a":{"d":[1,{"y":"x","z":null}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
});

describe("verifyChain", () => {
  it("verifies an intact chain, with hashless entries allowed only at its start", () => {
    expect(verify(chain(["a", "b", "c"]))).toEqual({ verified: true, entries: 3, first_broken_seq: null, unhashed: 0 });
    expect(verify(chain(["a", "b", "c"], 2))).toEqual({ verified: true, entries: 3, first_broken_seq: null, unhashed: 2 });
    expect(verify([])).toMatchObject({ verified: true, entries: 0 });
  });

  it("reports the first changed, removed or unhashed entry", () => {
    const changed = chain(["a", "b", "c"]);
    changed[1]!.body = "B";
    expect(verify(changed)).toMatchObject({ verified: false, first_broken_seq: 2 });
    const removed = chain(["a", "b", "c"]);
    removed.splice(1, 1);
    expect(verify(removed)).toMatchObject({ verified: false, first_broken_seq: 3 });
    const stripped = chain(["a", "b", "c"]);
    stripped[2]!.hash = null;
    expect(verify(stripped)).toMatchObject({ verified: false, first_broken_seq: 3 });
    // A hash recomputed without its predecessor's does not pass either.
    const forged = chain(["a", "b"]);
    forged[1] = { ...forged[1]!, body: "x", hash: chainHash({ seq: 2, body: "x" }, null) };
    expect(verify(forged)).toMatchObject({ verified: false, first_broken_seq: 2 });
  });
});
