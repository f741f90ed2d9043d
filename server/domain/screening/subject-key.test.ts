import { describe, expect, it } from "vitest";
import { subjectKey, type SubjectInput } from "./subject-key";

const base: SubjectInput = {
  userId: "usr_1",
  name: "Maria Jane Cantwell",
  dateOfBirth: "1958-10-13",
  entityType: null,
  matches: [
    { entity_id: "pep:1", entity_version: "v1" },
    { entity_id: "ofac:2", entity_version: "v7" },
  ],
};

describe("subjectKey", () => {
  it("is the same for the same subject written differently and matches in another order", () => {
    const key = subjectKey(base);
    expect(key).toMatch(/^sub_[0-9a-f]{32}$/);
    expect(subjectKey({ ...base, name: "  CANTWELL, Maria-Jane " })).toBe(key);
    expect(subjectKey({ ...base, name: "Mrs María Jane Cantwell" })).toBe(key);
    expect(subjectKey({ ...base, matches: [...base.matches].reverse() })).toBe(key);
  });

  it("differs for another user, name, date of birth, entity type, listed entry or entry version", () => {
    const key = subjectKey(base);
    const others: SubjectInput[] = [
      { ...base, userId: "usr_2" },
      { ...base, userId: null },
      { ...base, name: "Maria Cantwell" },
      { ...base, dateOfBirth: "1958-10-14" },
      { ...base, dateOfBirth: null },
      { ...base, entityType: "individual" },
      { ...base, matches: base.matches.slice(0, 1) },
      { ...base, matches: [base.matches[0]!, { entity_id: "ofac:2", entity_version: "v8" }] },
    ];
    const keys = others.map(subjectKey);
    for (const k of keys) expect(k).not.toBe(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("is null for a clear screening (nothing to review, so no twin)", () => {
    expect(subjectKey({ ...base, matches: [] })).toBeNull();
  });
});
