import { describe, expect, it } from "vitest";
import { nameKey, normalizeTokens, reorderSurnameFirst, skeleton, tokenWeight, withoutParentheses } from "./normalize";

describe("normalizeTokens", () => {
  it("folds case, strips accents and punctuation", () => {
    expect(normalizeTokens("José  María ÑÚÑEZ-García")).toEqual(["jose", "maria", "nunez", "garcia"]);
    expect(normalizeTokens("Øystein Łukasz Straße")).toEqual(["oystein", "lukasz", "strasse"]);
  });

  it("transliterates non-Latin scripts to ASCII", () => {
    expect(normalizeTokens("Владимир Путин")).toEqual(["vladimir", "putin"]);
    expect(normalizeTokens("محمد").length).toBe(1);
  });

  it("joins letters across apostrophes", () => {
    expect(normalizeTokens("'ABD AL-'AZIZ Mas'ud")).toEqual(["abd", "aziz", "masud"]);
  });

  it("drops honorifics and the al-/el- article", () => {
    expect(normalizeTokens("Dr. Ayman al-Zawahiri")).toEqual(["ayman", "zawahiri"]);
    expect(normalizeTokens("AL ZAWAHIRI, Dr. Ayman")).toEqual(["zawahiri", "ayman"]);
    expect(normalizeTokens("Mr El Sayed")).toEqual(["sayed"]);
    expect(normalizeTokens("Adhikari, Shri Suvendu")).toEqual(["adhikari", "suvendu"]);
  });

  it("keeps a name made only of removable words", () => {
    expect(normalizeTokens("Al")).toEqual(["al"]);
  });

  it("turns dotted abbreviations into one token", () => {
    expect(normalizeTokens("CIMEX, S.A.")).toEqual(["cimex", "sa"]);
    expect(normalizeTokens("RED MUNDIAL, S.A. DE C.V.")).toEqual(["red", "mundial", "sa", "de", "cv"]);
  });

  it("returns no tokens for empty or punctuation-only input", () => {
    expect(normalizeTokens("")).toEqual([]);
    expect(normalizeTokens(" -- ., ")).toEqual([]);
  });
});

describe("reorderSurnameFirst", () => {
  it("turns 'SURNAME, Given' round", () => {
    expect(reorderSurnameFirst("NORIEGA, Manuel Antonio")).toBe("Manuel Antonio NORIEGA");
  });

  it("leaves company names with a legal form after the comma alone", () => {
    expect(reorderSurnameFirst("CIMEX, S.A.")).toBe("CIMEX, S.A.");
    expect(reorderSurnameFirst("ACME, LTD")).toBe("ACME, LTD");
  });

  it("leaves names with no or several commas alone", () => {
    expect(reorderSurnameFirst("Frank Bwambale")).toBe("Frank Bwambale");
    expect(reorderSurnameFirst("A, B, C")).toBe("A, B, C");
  });
});

describe("helpers", () => {
  it("nameKey is order-independent", () => {
    expect(nameKey(["manuel", "noriega"])).toBe(nameKey(["noriega", "manuel"]));
  });

  it("withoutParentheses removes parenthesised parts", () => {
    expect(withoutParentheses("SANTOS, Ahmad (Ahmed)")).toBe("SANTOS, Ahmad");
  });

  it("gives particles, legal forms and initials a low weight", () => {
    expect(tokenWeight("garcia")).toBe(1);
    expect(tokenWeight("de")).toBeLessThan(0.5);
    expect(tokenWeight("ltd")).toBeLessThan(0.5);
    expect(tokenWeight("j")).toBeLessThan(0.5);
  });

  it("skeleton joins transliteration variants and separates different names", () => {
    expect(skeleton("mohammed")).toBe(skeleton("muhammad"));
    expect(skeleton("mohamed")).toBe(skeleton("muhammad"));
    expect(skeleton("hussein")).toBe(skeleton("husayn"));
    expect(skeleton("yusuf")).toBe(skeleton("youssef"));
    expect(skeleton("smith")).not.toBe(skeleton("jones"));
  });
});
