import { beforeAll, describe, expect, it } from "vitest";
import { readData } from "../../../test/watchlist-data";
import type { WatchlistEntity } from "../types";
import { parseUnConsolidated, unDateOfBirth } from "./un";

// Fictional placeholder records in the official structure. The first individual has one alias, one
// date of birth and one nationality (single elements, which the parser must still treat as lists);
// the second has several of each.
const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="2024-01-15T00:00:00.000Z">
  <INDIVIDUALS>
    <INDIVIDUAL>
      <DATAID>1</DATAID>
      <FIRST_NAME>FICTIVIA</FIRST_NAME>
      <SECOND_NAME>QUUXWORTH</SECOND_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>FXi.001</REFERENCE_NUMBER>
      <LISTED_ON>2001-01-25</LISTED_ON>
      <COMMENTS1>Test fixture &amp; placeholder. INTERPOL-UN Security Council Special Notice web link:https://example.invalid</COMMENTS1>
      <NATIONALITY><VALUE>Fixtureland</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Fictivia Quuxvorth</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1960-01-12</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
    <INDIVIDUAL>
      <DATAID>2</DATAID>
      <FIRST_NAME>TESTO</FIRST_NAME>
      <SECOND_NAME>ZEDLAND</SECOND_NAME>
      <THIRD_NAME>FOOBAR</THIRD_NAME>
      <FOURTH_NAME>0012</FOURTH_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <REFERENCE_NUMBER>FXi.002</REFERENCE_NUMBER>
      <COMMENTS1/>
      <NATIONALITY><VALUE>Fixtureland</VALUE><VALUE>Otherland</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Testo Zedlund</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Zed</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY/><ALIAS_NAME/></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>1966</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1970</FROM_YEAR><TO_YEAR>1972</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><NOTE>Nov. 1973</NOTE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY>
      <DATAID>3</DATAID>
      <FIRST_NAME>FOOBAR PLACEHOLDER FRONT</FIRST_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>FXe.001</REFERENCE_NUMBER>
      <COMMENTS1>Fixture entity.</COMMENTS1>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>Front Foobar</ALIAS_NAME></ENTITY_ALIAS>
      <ENTITY_ALIAS><QUALITY>f.k.a.</QUALITY><ALIAS_NAME>Old Foobar Front</ALIAS_NAME></ENTITY_ALIAS>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>`;

describe("parseUnConsolidated on a small sample", () => {
  const { entities, generatedAt } = parseUnConsolidated(SAMPLE);
  const byId = new Map(entities.map((e) => [e.id, e]));

  it("reads individuals and entities with stable reference ids", () => {
    expect(entities.map((e) => e.id)).toEqual(["un:FXi.001", "un:FXi.002", "un:FXe.001"]);
    expect(generatedAt).toBe("2024-01-15T00:00:00.000Z");
  });

  it("handles single elements and repeated ones alike", () => {
    const one = byId.get("un:FXi.001") as WatchlistEntity;
    expect(one.primaryName).toBe("FICTIVIA QUUXWORTH");
    expect(one.nationalities).toEqual(["Fixtureland"]);
    expect(one.aliases).toEqual([{ name: "Fictivia Quuxvorth", strength: "strong", kind: "aka" }]);
    expect(one.datesOfBirth).toEqual([{ year: 1960, month: 1, day: 12, approximate: false }]);
    expect(one.remarks).toContain("Test fixture & placeholder.");
    const two = byId.get("un:FXi.002") as WatchlistEntity;
    expect(two.nationalities).toEqual(["Fixtureland", "Otherland"]);
    expect(two.aliases).toEqual([
      { name: "Testo Zedlund", strength: "strong", kind: "aka" },
      { name: "Zed", strength: "weak", kind: "aka" },
    ]);
  });

  it("keeps name parts as text (no number parsing) and joins all four", () => {
    expect(byId.get("un:FXi.002")?.primaryName).toBe("TESTO ZEDLAND FOOBAR 0012");
  });

  it("reads every date-of-birth form", () => {
    expect(byId.get("un:FXi.002")?.datesOfBirth).toEqual([
      { year: 1966, approximate: true },
      { year: 1970, yearTo: 1972, approximate: true },
      { year: 1973, month: 11, approximate: false },
    ]);
    expect(unDateOfBirth({ TYPE_OF_DATE: "EXACT" })).toBeUndefined();
  });

  it("maps entity alias qualities and types", () => {
    const e = byId.get("un:FXe.001") as WatchlistEntity;
    expect(e.type).toBe("organization");
    expect(e.aliases).toEqual([
      { name: "Front Foobar", strength: "strong", kind: "aka" },
      { name: "Old Foobar Front", strength: "strong", kind: "fka" },
    ]);
    expect(e.programmes).toEqual(["Al-Qaida"]);
  });

  it("rejects documents that are not the consolidated list", () => {
    expect(() => parseUnConsolidated("<html><body>Service unavailable</body></html>")).toThrow(/CONSOLIDATED_LIST/);
  });
});

describe("parseUnConsolidated on the shipped file", () => {
  let result: ReturnType<typeof parseUnConsolidated>;
  beforeAll(() => {
    result = parseUnConsolidated(readData("un/consolidated.xml"));
  });

  it("loads 730 individuals and 273 entities", () => {
    expect(result.entities.filter((e) => e.type === "individual")).toHaveLength(730);
    expect(result.entities.filter((e) => e.type === "organization")).toHaveLength(273);
    expect(result.generatedAt).toBe("2026-02-27T00:00:09.554Z");
    expect(new Set(result.entities.map((e) => e.id)).size).toBe(1003);
  });

  it("parses a known individual", () => {
    const e = result.entities.find((x) => x.id === "un:CDi.002");
    expect(e?.primaryName).toBe("FRANK KAKOLELE BWAMBALE");
    expect(e?.programmes).toEqual(["DRC"]);
    expect(e?.aliases.map((a) => a.name)).toEqual(expect.arrayContaining(["FRANK KAKORERE", "AIGLE BLANC"]));
  });

  it("records weak (Low quality) aliases and dates of birth", () => {
    const aliases = result.entities.flatMap((e) => e.aliases);
    expect(aliases.filter((a) => a.strength === "weak")).toHaveLength(615);
    const people = result.entities.filter((e) => e.type === "individual");
    expect(people.filter((e) => e.datesOfBirth.length > 0).length).toBeGreaterThan(650);
  });
});
