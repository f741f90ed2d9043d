import { beforeAll, describe, expect, it } from "vitest";
import { readData, readFixture } from "../../../test/watchlist-data";
import type { WatchlistEntity } from "../types";
import { parseAdverseMediaCsv, parsePepCsv } from "./import-csv";

describe("parsePepCsv", () => {
  it("reads the documented columns (fictional sample)", () => {
    const csv = [
      "source_id,name,sort_name,country,position,organisation,term,start_date,end_date,gender,wikidata,aliases,date_of_birth,nationality",
      'p-1,Fictivia Quuxworth,"Quuxworth, Fictivia",ZZ,Member of the Fixture Assembly,Fixture Assembly,7,,2019-05-01,female,,Fifi Quuxworth|F. Quuxworth,1960-01-12,ZZ|YY',
      ',"Placeholder, Shri Testo (Ted)","Placeholder, Shri Testo (Ted)",ZZ,Member of the Fixture Assembly,Fixture Assembly,7,,,,,,,',
    ].join("\r\n");
    const [a, b] = parsePepCsv(csv);
    expect(a).toMatchObject({
      id: "pep:p-1",
      list: "pep",
      type: "individual",
      primaryName: "Fictivia Quuxworth",
      nationalities: ["ZZ", "YY"],
      programmes: ["Member of the Fixture Assembly"],
      datesOfBirth: [{ year: 1960, month: 1, day: 12, approximate: false }],
    });
    // The sort name is the same words reordered, so it is not an extra alias.
    expect(a?.aliases.map((x) => x.name)).toEqual(["Fifi Quuxworth", "F. Quuxworth"]);
    expect(a?.details).toMatchObject({ organisation: "Fixture Assembly", term: "7", end_date: "2019-05-01", gender: "female" });
    expect(b?.id).toMatch(/^pep:[0-9a-f]{16}$/);
    expect(b?.nationalities).toEqual([]);
    expect(b?.details.country).toBe("ZZ");
  });

  it("requires a name column", () => {
    expect(() => parsePepCsv("id,full_name\n1,A\n")).toThrow(/missing column\(s\) name/);
  });

  describe("on the shipped pep-legislators.csv", () => {
    let entities: WatchlistEntity[] = [];
    beforeAll(() => {
      entities = parsePepCsv(readData("pep/pep-legislators.csv"));
    });

    it("loads all 2,759 legislators with their source ids", () => {
      expect(entities).toHaveLength(2759);
      expect(new Set(entities.map((e) => e.id)).size).toBe(2759);
      expect(entities.every((e) => e.list === "pep" && e.type === "individual")).toBe(true);
      const abbott = entities.find((e) => e.id === "pep:71eef1bd-b792-4798-afca-643690e45bd9");
      expect(abbott).toMatchObject({ primaryName: "Diane Abbott", programmes: ["Member of the House of Commons"] });
      expect(abbott?.details).toMatchObject({ country: "GB", wikidata: "Q153454", term: "56" });
    });

    it("counts rows per country as the provenance README states", () => {
      const count = (c: string) => entities.filter((e) => e.details.country === c).length;
      expect([count("GB"), count("US"), count("IN"), count("BR"), count("NG"), count("AU")]).toEqual([650, 543, 541, 513, 360, 152]);
    });
  });
});

describe("parseAdverseMediaCsv on the fixture", () => {
  const entities = parseAdverseMediaCsv(readFixture("adverse-media-sample.csv"));

  it("reads individuals and organisations with category, summary and source", () => {
    expect(entities).toHaveLength(3);
    expect(entities[0]).toMatchObject({
      id: "adverse_media:fixture-001",
      list: "adverse_media",
      type: "individual",
      primaryName: "Quentin PLACEHOLDER-FICTUS",
      programmes: ["fraud"],
      datesOfBirth: [{ year: 1975, month: 6, day: 30, approximate: false }],
    });
    expect(entities[0]?.aliases.map((a) => a.name)).toEqual(["Q. Fictus", "Quentin Fiktus"]);
    expect(entities[0]?.details).toMatchObject({ source_url: "https://example.invalid/news/fixture-001", published_at: "2024-02-01" });
    expect(entities[1]).toMatchObject({ type: "organization", programmes: ["money_laundering"] });
  });

  it("derives a stable id when the id column is empty", () => {
    const again = parseAdverseMediaCsv(readFixture("adverse-media-sample.csv"));
    expect(entities[2]?.id).toMatch(/^adverse_media:[0-9a-f]{16}$/);
    expect(again[2]?.id).toBe(entities[2]?.id);
  });

  it("rejects unknown entity types", () => {
    expect(() => parseAdverseMediaCsv("name,entity_type\nX,vessel\n")).toThrow(/entity_type/);
  });
});
