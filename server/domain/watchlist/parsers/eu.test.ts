import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/watchlist-data";
import type { WatchlistEntity } from "../types";
import { euBirthDate, parseEuCsv } from "./eu";

describe("parseEuCsv on the v1.1 sample fixture", () => {
  const entities = parseEuCsv(readFixture("eu-sanctions-sample.csv"));
  const byId = new Map(entities.map((e) => [e.id, e]));

  it("groups rows by Entity_LogicalId", () => {
    expect(entities.map((e) => e.id)).toEqual(["eu:900001", "eu:900002", "eu:900003"]);
  });

  it("maps subject types", () => {
    expect(byId.get("eu:900001")).toMatchObject({ type: "individual", sourceType: "person", list: "eu_sanctions" });
    expect(byId.get("eu:900003")).toMatchObject({ type: "organization", sourceType: "enterprise" });
  });

  it("takes the first name alias as primary and the others as aliases", () => {
    const e = byId.get("eu:900001") as WatchlistEntity;
    expect(e.primaryName).toBe("Fictivia QUUXWORTH");
    expect(e.aliases).toEqual([
      { name: "Fictivia Quuxvorth", strength: "strong", kind: "aka" },
      // A row with only first and last name parts.
      { name: "Fiktivija Kvuksvort", strength: "strong", kind: "aka" },
    ]);
  });

  it("reads birth dates, citizenship, programme and remark", () => {
    const e = byId.get("eu:900001") as WatchlistEntity;
    expect(e.datesOfBirth).toEqual([
      { year: 1970, month: 3, day: 15, approximate: false },
      { year: 1971, approximate: true },
    ]);
    expect(e.nationalities).toEqual(["Fixtureland"]);
    expect(e.programmes).toEqual(["UKR"]);
    expect(e.remarks).toMatch(/^TEST FIXTURE/);
    expect(e.details.regulation).toBe("9999/01 (OJ L 1); fixture amendment");
    expect(byId.get("eu:900002")?.datesOfBirth).toEqual([{ year: 1960, yearTo: 1962, approximate: true }]);
    expect(byId.get("eu:900002")?.details.un_reference_number).toBe("FIXi.002");
  });

  it("rejects a file that is not in the EU format", () => {
    expect(() => parseEuCsv("name;type\nA;B\n")).toThrow(/EU sanctions CSV/);
  });

  it("reads the separate day/month/year columns", () => {
    expect(euBirthDate({ BirthDate_Year: "1955", BirthDate_Month: "7", BirthDate_Day: "3" })).toEqual({
      year: 1955,
      month: 7,
      day: 3,
      approximate: false,
    });
    expect(euBirthDate({ BirthDate_BirthDate: "03/07/1955" })).toMatchObject({ year: 1955, month: 7, day: 3 });
    expect(euBirthDate({})).toBeUndefined();
  });
});
