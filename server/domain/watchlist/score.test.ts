import { describe, expect, it } from "vitest";
import { jaro, jaroWinkler } from "./jaro-winkler";
import {
  MATCH_THRESHOLD,
  POSSIBLE_MATCH_THRESHOLD,
  applyDob,
  classify,
  maxDobBoost,
  nameSimilarity,
  tokenSimilarity,
  withinOneEdit,
} from "./score";

describe("Jaro-Winkler", () => {
  it("matches the published reference values", () => {
    // Winkler (1990) / Wikipedia examples.
    expect(jaro("martha", "marhta")).toBeCloseTo(0.944, 3);
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.961, 3);
    expect(jaroWinkler("dwayne", "duane")).toBeCloseTo(0.84, 2);
    expect(jaroWinkler("dixon", "dicksonx")).toBeCloseTo(0.813, 3);
  });

  it("handles identical, empty and disjoint strings", () => {
    expect(jaroWinkler("abc", "abc")).toBe(1);
    expect(jaroWinkler("", "abc")).toBe(0);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
  });

  it("is symmetric and handles long strings", () => {
    const long = "a".repeat(100) + "b";
    expect(jaroWinkler(long, long + "c")).toBeGreaterThan(0.99);
    expect(jaroWinkler("zawahiri", "zawahri")).toBeCloseTo(jaroWinkler("zawahri", "zawahiri"), 10);
  });
});

describe("withinOneEdit", () => {
  it("accepts one substitution, insertion, deletion or transposition", () => {
    expect(withinOneEdit("smith", "smyth")).toBe(true);
    expect(withinOneEdit("hasan", "hassan")).toBe(true);
    expect(withinOneEdit("hassan", "hasan")).toBe(true);
    expect(withinOneEdit("martha", "marhta")).toBe(true);
    expect(withinOneEdit("same", "same")).toBe(true);
  });

  it("rejects two edits", () => {
    expect(withinOneEdit("huang", "zhang")).toBe(false);
    expect(withinOneEdit("ab", "abcd")).toBe(false);
  });
});

describe("tokenSimilarity", () => {
  it("is 1 for equal tokens and 0 for unrelated ones", () => {
    expect(tokenSimilarity("garcia", "garcia")).toBe(1);
    expect(tokenSimilarity("garcia", "nakamura")).toBe(0);
  });

  it("rates typos high and transliterations as similar", () => {
    expect(tokenSimilarity("zawahiri", "zawahri")).toBeGreaterThan(0.85);
    expect(tokenSimilarity("hussein", "husayn")).toBeGreaterThanOrEqual(0.7);
    expect(tokenSimilarity("mohammed", "muhammad")).toBeGreaterThanOrEqual(0.7);
  });

  it("does not compare initials with whole tokens", () => {
    expect(tokenSimilarity("j", "john")).toBe(0);
  });

  it("needs short tokens to be one edit apart", () => {
    expect(tokenSimilarity("huang", "zhang")).toBe(0);
    expect(tokenSimilarity("mary", "mark")).toBeLessThan(0.7);
  });
});

describe("nameSimilarity", () => {
  it("scores exact names 1 and is order-independent", () => {
    expect(nameSimilarity("Manuel Antonio Noriega", "NORIEGA, Manuel Antonio")).toBe(1);
    expect(nameSimilarity("Noriega Manuel", "Manuel Noriega")).toBe(1);
  });

  it("penalises unmatched tokens on either side", () => {
    const dropped = nameSimilarity("Manuel Noriega", "NORIEGA, Manuel Antonio");
    expect(dropped).toBeGreaterThanOrEqual(POSSIBLE_MATCH_THRESHOLD);
    expect(dropped).toBeLessThanOrEqual(MATCH_THRESHOLD);
    expect(nameSimilarity("Maria Garcia", "GARCIA ABAD, Maria Teresa")).toBeLessThan(POSSIBLE_MATCH_THRESHOLD);
    expect(nameSimilarity("John Smith Jones", "Smith")).toBeLessThan(POSSIBLE_MATCH_THRESHOLD);
  });

  it("counts words unpaired on both sides as a conflict, not an omission", () => {
    // Same shape (two of three words shared), but a different given name on each side.
    const omission = nameSimilarity("Sulaiman Hamad", "SULAIMAN HAMAD, Ibrahim");
    const conflict = nameSimilarity("Neema Sulaiman Hamad", "SULAIMAN HAMAD, Ibrahim");
    expect(omission).toBeCloseTo(0.8, 4);
    expect(conflict).toBeCloseTo(4 / 7, 4);
    expect(conflict).toBeLessThan(POSSIBLE_MATCH_THRESHOLD);
  });

  it("keeps typo variants at least possible matches", () => {
    expect(nameSimilarity("Aymann al-Zawahiri", "AL ZAWAHIRI, Dr. Ayman")).toBeGreaterThan(MATCH_THRESHOLD);
    expect(nameSimilarity("Manuel Noreiga", "Manuel Noriega")).toBeGreaterThanOrEqual(POSSIBLE_MATCH_THRESHOLD);
  });

  it("leaves unrelated names clear", () => {
    expect(nameSimilarity("Emma Johansson", "Manuel Noriega")).toBe(0);
    expect(nameSimilarity("Wei Huang", "Wei Zhang")).toBeLessThan(POSSIBLE_MATCH_THRESHOLD);
  });

  it("weighs particles and legal forms lightly", () => {
    expect(nameSimilarity("Cimex", "CIMEX, S.A.")).toBeGreaterThan(MATCH_THRESHOLD);
    expect(nameSimilarity("Juan Cruz", "Juan de la Cruz")).toBeGreaterThan(0.75);
  });
});

describe("classify and thresholds", () => {
  it("uses 0.85 exclusive for match and 0.70 inclusive for possible match", () => {
    expect(MATCH_THRESHOLD).toBe(0.85);
    expect(POSSIBLE_MATCH_THRESHOLD).toBe(0.7);
    expect(classify(1)).toBe("match");
    expect(classify(0.8501)).toBe("match");
    expect(classify(0.85)).toBe("possible_match");
    expect(classify(0.7)).toBe("possible_match");
    expect(classify(0.6999)).toBe("clear");
    expect(classify(0)).toBe("clear");
  });
});

describe("applyDob", () => {
  it("raises agreeing names and sinks conflicting ones", () => {
    expect(applyDob(0.8, "exact")).toBeGreaterThan(MATCH_THRESHOLD);
    expect(applyDob(0.8, "year")).toBeGreaterThan(0.8);
    expect(applyDob(0.8, "year")).toBeLessThan(applyDob(0.8, "exact"));
    expect(applyDob(1, "conflict")).toBeLessThan(POSSIBLE_MATCH_THRESHOLD);
    expect(applyDob(1, "partial_conflict")).toBeLessThanOrEqual(MATCH_THRESHOLD);
    expect(applyDob(0.9, "not_compared")).toBe(0.9);
  });

  it("does not lift weak name matches", () => {
    expect(applyDob(0.5, "exact")).toBe(0.5);
    expect(maxDobBoost(0.5)).toBe(0.5);
    expect(maxDobBoost(0.8)).toBeCloseTo(applyDob(0.8, "exact"), 10);
  });
});
