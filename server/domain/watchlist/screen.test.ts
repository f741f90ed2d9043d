import { describe, expect, it } from "vitest";
import { finalizeEntity } from "./entity";
import { MATCH_THRESHOLD, POSSIBLE_MATCH_THRESHOLD, classify } from "./score";
import { screen } from "./screen";
import { ScreeningIndex } from "./screening-index";
import type { EntityDraft, WatchlistEntity } from "./types";

// A small index of fictional placeholder entries, one per list, to test the screening contract.
function entity(partial: Partial<EntityDraft> & Pick<EntityDraft, "id" | "list" | "primaryName">): WatchlistEntity {
  return finalizeEntity({
    type: "individual",
    sourceType: "individual",
    aliases: [],
    datesOfBirth: [],
    nationalities: [],
    programmes: [],
    remarks: "",
    details: {},
    ...partial,
  });
}

const ENTITIES = [
  entity({
    id: "ofac:1",
    list: "ofac",
    primaryName: "QUUXWORTH, Fictivia Maria",
    programmes: ["SDGT"],
    remarks: `DOB 12 Jan 1960; POB Sampletown; ${"a long remark ".repeat(30)}`,
    datesOfBirth: [{ year: 1960, month: 1, day: 12, approximate: false }],
    aliases: [
      { name: "QUUXVORTH, Fictivia", strength: "strong", kind: "aka" },
      { name: "FIFI", strength: "weak", kind: "aka" },
    ],
  }),
  entity({
    id: "un:FXi.001",
    list: "un_sanctions",
    primaryName: "TESTO ZEDLAND FOOBAR",
    programmes: ["Al-Qaida"],
    details: { reference_number: "FXi.001" },
  }),
  entity({
    id: "eu:1",
    list: "eu_sanctions",
    primaryName: "FOOBAR PLACEHOLDER HOLDINGS LTD",
    type: "organization",
    sourceType: "enterprise",
    programmes: ["UKR"],
  }),
  entity({
    id: "pep:1",
    list: "pep",
    primaryName: "Ottilie Sampleberg",
    programmes: ["Member of the Fixture Assembly"],
    details: { organisation: "Fixture Assembly", country: "ZZ", term: "7" },
  }),
  entity({ id: "ofac:2", list: "ofac", primaryName: "AL-QUUXAFAJI, Fictivo Abdul Zedim", programmes: ["SDGT"] }),
  entity({
    id: "adverse_media:1",
    list: "adverse_media",
    primaryName: "Quentin Placeholder-Fictus",
    programmes: ["fraud"],
    remarks: "Fictional summary.",
    details: { source_url: "https://example.invalid/x" },
  }),
];
const index = new ScreeningIndex(ENTITIES);

describe("screen", () => {
  it("finds an exact primary name with score 1 and the documented result shape", () => {
    const [r] = screen(index, { name: "Fictivia Maria Quuxworth" });
    expect(r).toMatchObject({
      list: "ofac",
      match_score: 1,
      entity_name: "QUUXWORTH, Fictivia Maria",
      entity_type: "individual",
      matched_name: "QUUXWORTH, Fictivia Maria",
      matched_alias_strength: "primary",
      dob_match: "not_compared",
    });
    expect(r?.entity.id).toBe("ofac:1");
    expect(classify(r?.match_score ?? 0)).toBe("match");
  });

  it("builds a concise plain-language reason from programme and remarks", () => {
    const [r] = screen(index, { name: "Fictivia Maria Quuxworth" });
    expect(r?.reason).toMatch(
      /^Listed on the OFAC SDN list under programme SDGT \(Specially Designated Global Terrorist\)\. Remarks: DOB 12 Jan 1960; POB Sampletown;/,
    );
    expect(r?.reason).toContain("…");
    expect(r?.reason.length).toBeLessThan(260);
    expect(screen(index, { name: "Testo Zedland Foobar" })[0]?.reason).toBe(
      "Listed on the UN Security Council Consolidated List under Al-Qaida (ISIL (Da'esh) and Al-Qaida sanctions), reference FXi.001.",
    );
    expect(screen(index, { name: "Ottilie Sampleberg" })[0]?.reason).toMatch(
      /^Politically exposed person: Member of the Fixture Assembly \(Fixture Assembly, term 7, ZZ\)/,
    );
    expect(screen(index, { name: "Quentin Placeholder Fictus" })[0]?.reason).toMatch(
      /^Adverse media \(fraud\), source: https:\/\/example\.invalid\/x\. Summary: Fictional summary\./,
    );
  });

  it("matches strong aliases fully and weak aliases as possible matches only", () => {
    const strong = screen(index, { name: "Fictivia Quuxvorth" })[0];
    expect(strong).toMatchObject({ matched_alias_strength: "strong", match_score: 1 });
    expect(strong?.reason).toContain("Matched an alias: QUUXVORTH, Fictivia.");
    const weak = screen(index, { name: "Fifi" })[0];
    expect(weak?.matched_alias_strength).toBe("weak");
    expect(classify(weak?.match_score ?? 0)).toBe("possible_match");
  });

  it("scores close variants as possible matches and sorts by score", () => {
    const results = screen(index, { name: "Fictivia Quuxworth" });
    expect(results[0]?.entity.id).toBe("ofac:1");
    expect(results[0]?.match_score).toBeGreaterThanOrEqual(POSSIBLE_MATCH_THRESHOLD);
    const typo = screen(index, { name: "Fictivia Maria Quuxwroth" })[0];
    expect(typo?.match_score).toBeGreaterThanOrEqual(POSSIBLE_MATCH_THRESHOLD);
    expect(typo?.match_score).toBeLessThan(1);
  });

  it("lets the date of birth narrow a name match", () => {
    const base = screen(index, { name: "Fictivia Quuxworth" })[0]?.match_score ?? 0;
    const same = screen(index, { name: "Fictivia Quuxworth", dateOfBirth: "1960-01-12" })[0];
    expect(same?.dob_match).toBe("exact");
    expect(same?.match_score).toBeGreaterThan(MATCH_THRESHOLD);
    expect(same?.reason).toContain("Date of birth matches.");
    const yearOnly = screen(index, { name: "Fictivia Quuxworth", dateOfBirth: "1960" })[0];
    expect(yearOnly?.dob_match).toBe("year");
    expect(yearOnly?.match_score).toBeGreaterThan(base);
    expect(yearOnly?.match_score).toBeLessThan(same?.match_score ?? 0);
    expect(screen(index, { name: "Fictivia Maria Quuxworth", dateOfBirth: "1985-06-01" })).toEqual([]);
    const low = screen(index, { name: "Fictivia Maria Quuxworth", dateOfBirth: "1985-06-01", minScore: 0 })[0];
    expect(low?.dob_match).toBe("conflict");
    expect(low?.match_score).toBeLessThan(POSSIBLE_MATCH_THRESHOLD);
    expect(low?.reason).toContain("Date of birth differs (listed: 1960-01-12).");
  });

  it("compares joined and split name particles as one name, and says which form matched", () => {
    for (const q of ["Fictivo Abd al Zedim ALQUUXAFAJI", "Fictivo Abdulzedim El Quuxafaji", "Fictivo Abdel-Zedim Al Quuxafaji"]) {
      const [r] = screen(index, { name: q });
      expect(r?.entity.id, q).toBe("ofac:2");
      expect(r?.match_score, q).toBe(1);
    }
    const [joined] = screen(index, { name: "Fictivo Abdul Zedim ALQUUXAFAJI" });
    expect(joined?.reason).toContain("Matched the joined form ALQUUXAFAJI of AL-QUUXAFAJI (name particles compared as one name).");
    const [exact] = screen(index, { name: "Fictivo Abdul Zedim al-Quuxafaji" });
    expect(exact?.reason).not.toContain("name particles");
  });

  it("rejects malformed dates of birth", () => {
    expect(() => screen(index, { name: "Fictivia Quuxworth", dateOfBirth: "12/01/1960" })).toThrow(RangeError);
  });

  it("filters by list and entity type", () => {
    expect(screen(index, { name: "Fictivia Maria Quuxworth", lists: ["un_sanctions", "pep"] })).toEqual([]);
    expect(screen(index, { name: "Foobar Placeholder Holdings", entityType: "individual" })).toEqual([]);
    expect(screen(index, { name: "Foobar Placeholder Holdings", entityType: "organization" })[0]?.entity.id).toBe("eu:1");
  });

  it("returns nothing for unrelated or empty names, and honours minScore and limit", () => {
    expect(screen(index, { name: "Emma Johansson" })).toEqual([]);
    expect(screen(index, { name: "  " })).toEqual([]);
    expect(screen(index, { name: "Fictivia", minScore: 0 }).length).toBeGreaterThan(0);
    expect(screen(index, { name: "Fictivia Quuxworth", minScore: 0, limit: 1 })).toHaveLength(1);
  });
});

describe("ScreeningIndex.build", () => {
  it("builds the same index asynchronously", async () => {
    const built = await ScreeningIndex.build(ENTITIES);
    expect(built.names.length).toBe(index.names.length);
    expect(screen(built, { name: "Testo Zedland Foobar" })[0]?.entity.id).toBe("un:FXi.001");
  });

  it("works on an empty list set", () => {
    expect(screen(new ScreeningIndex([]), { name: "Anyone" })).toEqual([]);
  });
});
