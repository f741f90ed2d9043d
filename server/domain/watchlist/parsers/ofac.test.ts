import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { loadRealOfac } from "../../../test/watchlist-data";
import type { WatchlistEntity } from "../types";
import { parseOfac, remarkAliases, splitPrograms } from "./ofac";

// A tiny hand-made set in the legacy format (fictional placeholder names): Latin-1, CRLF, "-0-",
// trailing 0x1A, remarks continued in the comments file.
const latin1 = (rows: string[]) => iconv.encode(`${rows.join("\r\n")}\r\n\x1a`, "latin1");

const SDN = latin1([
  `101,"QUUXWORTH, Fictivia Ménard","individual","SDGT] [SYRIA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 12 Jan 1960; alt. DOB 1961; POB Sampletown; nationality Fixtureland; Gender Female; a.k.a. 'FIFI'; a.k.a. 'ABU 'L-QUUX'."`,
  `102,"FOOBAR PLACEHOLDER HOLDINGS, S.A.",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Linked To: QUUXWORTH, Fictivia Ménard; Website www.example.invalid"`,
  `103,"SAMPLE STAR",vessel,"IRAN",-0- ,"9XYZ1","Crude Oil Tanker","1000","2000","Fixtureland","FOOBAR PLACEHOLDER HOLDINGS",-0- `,
]);
const ALT = latin1([`101,1,"aka","QUUXVORTH, Fictivia",-0- `, `102,2,"fka","FOOBAR OLD NAME",-0- `, `101,3,"aka","FIFI Q.","weak alias"`]);
const ADD = latin1([`102,1,"1 Fixture Street","Sampletown","Fixtureland",-0- `, `102,2,-0- ,"Othertown","Otherland",-0- `]);
const COMMENTS = latin1([`102," continued text"`]);

describe("parseOfac on a small sample", () => {
  const entities = parseOfac({ sdn: SDN, alt: ALT, add: ADD, comments: COMMENTS });
  const byId = new Map(entities.map((e) => [e.id, e]));

  it("reads every row, decoding Latin-1 and ignoring the 0x1A byte", () => {
    expect(entities.map((e) => e.id)).toEqual(["ofac:101", "ofac:102", "ofac:103"]);
    expect(byId.get("ofac:101")?.primaryName).toBe("QUUXWORTH, Fictivia Ménard");
  });

  it("maps SDN types and keeps the original", () => {
    expect(byId.get("ofac:101")).toMatchObject({ type: "individual", sourceType: "individual" });
    expect(byId.get("ofac:102")).toMatchObject({ type: "organization", sourceType: "entity" });
    expect(byId.get("ofac:103")).toMatchObject({ type: "organization", sourceType: "vessel" });
  });

  it("splits programmes and extracts dates of birth, nationality and gender from remarks", () => {
    const e = byId.get("ofac:101") as WatchlistEntity;
    expect(e.programmes).toEqual(["SDGT", "SYRIA"]);
    expect(e.datesOfBirth).toEqual([
      { year: 1960, month: 1, day: 12, approximate: false },
      { year: 1961, approximate: false },
    ]);
    expect(e.nationalities).toEqual(["Fixtureland"]);
    expect(e.details.gender).toBe("Female");
  });

  it("records alt.csv aliases as strong (unless flagged weak) and remark a.k.a.s as weak", () => {
    const e = byId.get("ofac:101") as WatchlistEntity;
    expect(e.aliases).toEqual([
      { name: "QUUXVORTH, Fictivia", strength: "strong", kind: "aka" },
      { name: "FIFI Q.", strength: "weak", kind: "aka" },
      { name: "FIFI", strength: "weak", kind: "aka" },
      { name: "ABU 'L-QUUX", strength: "weak", kind: "aka" },
    ]);
    expect(byId.get("ofac:102")?.aliases).toEqual([{ name: "FOOBAR OLD NAME", strength: "strong", kind: "fka" }]);
  });

  it("appends the comments continuation, treats -0- as empty and joins addresses", () => {
    const e = byId.get("ofac:102") as WatchlistEntity;
    expect(e.remarks.endsWith("www.example.invalid continued text")).toBe(true);
    expect(e.details.address_countries).toBe("Fixtureland, Otherland");
    expect(e.details.title).toBeUndefined();
    expect(byId.get("ofac:103")?.details).toMatchObject({
      call_sign: "9XYZ1",
      vessel_type: "Crude Oil Tanker",
      vessel_flag: "Fixtureland",
    });
  });

  it("gives each entry a content version that changes with the content", () => {
    const again = parseOfac({ sdn: SDN, alt: ALT, add: ADD, comments: COMMENTS });
    expect(again[0]?.version).toBe(entities[0]?.version);
    const changed = parseOfac({ sdn: SDN, alt: latin1([`101,1,"aka","OTHER, Name",-0- `]) });
    expect(changed[0]?.version).not.toBe(entities[0]?.version);
    expect(entities[0]?.version).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("OFAC helpers", () => {
  it("splits the Program column", () => {
    expect(splitPrograms("IRAN] [SDGT] [IRGC")).toEqual(["IRAN", "SDGT", "IRGC"]);
    expect(splitPrograms("")).toEqual([]);
  });

  it("reads weak a.k.a.s, with apostrophes inside names", () => {
    expect(remarkAliases("a.k.a. 'BNC'.").map((a) => a.name)).toEqual(["BNC"]);
    expect(remarkAliases("weak a.k.a. 'ABU 'ABDALLAH'; Linked To: X.").map((a) => a.name)).toEqual(["ABU 'ABDALLAH"]);
  });
});

describe("parseOfac on the shipped SDN files", () => {
  let entities: WatchlistEntity[] = [];
  beforeAll(() => {
    entities = loadRealOfac();
  });

  it("loads every SDN row with the counts the publisher's README gives", () => {
    expect(entities).toHaveLength(8976);
    expect(entities.filter((e) => e.type === "individual")).toHaveLength(4620);
    expect(entities.filter((e) => e.sourceType === "vessel")).toHaveLength(406);
    expect(entities.filter((e) => e.sourceType === "aircraft")).toHaveLength(277);
    const strong = entities.reduce((n, e) => n + e.aliases.filter((a) => a.strength === "strong").length, 0);
    // 11,910 alt.csv rows, minus the few that repeat an entry's own name or another alias.
    expect(strong).toBeGreaterThan(11_850);
    expect(strong).toBeLessThanOrEqual(11_910);
  });

  it("parses known entries", () => {
    const bnc = entities.find((e) => e.id === "ofac:306");
    expect(bnc?.primaryName).toBe("BANCO NACIONAL DE CUBA");
    expect(bnc?.aliases).toContainEqual({ name: "BNC", strength: "weak", kind: "aka" });
    expect(bnc?.aliases).toContainEqual({ name: "NATIONAL BANK OF CUBA", strength: "strong", kind: "aka" });
    const zawahiri = entities.find((e) => e.id === "ofac:2676");
    expect(zawahiri?.type).toBe("individual");
    expect(zawahiri?.programmes).toEqual(["SDGT"]);
    expect(zawahiri?.datesOfBirth).toEqual([{ year: 1951, month: 6, day: 19, approximate: false }]);
  });

  it("joins remarks continued in sdn_comments.csv", () => {
    const e = entities.find((x) => x.id === "ofac:12300");
    expect(e?.remarks).toContain("PROMO RAIZ S.A.S.");
    expect(e?.remarks.length).toBeGreaterThan(1000);
  });

  it("extracts dates of birth for most individuals", () => {
    const people = entities.filter((e) => e.type === "individual");
    const dated = people.filter((e) => e.datesOfBirth.length > 0);
    expect(dated.length / people.length).toBeGreaterThan(0.9);
    const all = people.flatMap((e) => e.datesOfBirth);
    expect(all.some((d) => d.yearTo !== undefined)).toBe(true);
    expect(all.some((d) => d.approximate && d.yearTo === undefined)).toBe(true);
    expect(all.some((d) => d.month !== undefined && d.day === undefined)).toBe(true);
    expect(all.every((d) => d.year >= 1880 && d.year <= 2030)).toBe(true);
  });

  it("gives every entry a unique id", () => {
    expect(new Set(entities.map((e) => e.id)).size).toBe(entities.length);
  });
});
