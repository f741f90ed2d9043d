import { describe, expect, it } from "vitest";
import { queryForms } from "./name-forms";
import { canonicalTokens, closedGaps, particleNote, splitJoined } from "./particles";

const canon = (name: string) => canonicalTokens(name).map((t) => t.token);

describe("canonicalTokens: joined and split particles are one name", () => {
  it("drops the article whether hyphenated, spaced or joined", () => {
    expect(canon("MUHSIN KHADR ALKHAFAJI")).toEqual(["muhsin", "khadr", "khafaji"]);
    expect(canon("MUHSIN KHADR AL-KHAFAJI")).toEqual(canon("Muhsin Khadr al Khafaji"));
    expect(canon("Mahmud ALWARFALLI")).toEqual(canon("Mahmud EL-WARFALLI"));
  });

  it("reads Abd al, Abdul, Abdel, Abd-ul and the joined forms alike", () => {
    const forms = ["Abd al Hakim", "Abdul Hakim", "Abdel Hakim", "Abd-ul Hakim", "Abdulhakim", "'Abd al-Hakim"];
    for (const f of forms) expect(canon(f)).toEqual(["abd", "hakim"]);
    expect(canon("Abdurrahman")).toEqual(canon("Abd ar-Rahman"));
    expect(canon("Abdirahman")).toEqual(["abd", "rahman"]);
    for (const f of ["Abdullah", "Abdallah", "Abd Allah", "Abdulla"]) expect(canon(f)).toEqual(["abdullah"]);
  });

  it("splits Abu/Abou, bin/ibn/ben, ud-din and ur-Rehman compounds", () => {
    expect(canon("Abouhafs")).toEqual(canon("Abu Hafs"));
    expect(canon("AbuAli")).toEqual(["abu", "ali"]);
    expect(canon("Usama ibn Muhammad")).toEqual(canon("Usama bin Muhammad"));
    expect(canon("Usama ben Muhammad")).toEqual(canon("Usama bin Muhammad"));
    for (const f of ["Bashir-Ud-Din", "Bashiruddin", "Bashir al-Din", "Bashir ad-Din", "Bashir Uddin"])
      expect(canon(f)).toEqual(["bashir", "din"]);
    expect(canon("Nasreddine")).toEqual(["nasr", "din"]);
    for (const f of ["Zaki-ur-Rehman", "Zakiurrehman", "Zaki ur Rehman"]) expect(canon(f)).toEqual(["zaki", "rehman"]);
  });

  it("joins letters across apostrophes and leaves ordinary names alone", () => {
    expect(canon("SA'ID, Shaykh")).toEqual(["said", "shaykh"]);
    expect(canon("Maria Elena Garcia")).toEqual(["maria", "elena", "garcia"]);
    expect(canon("Jamal-Aldin")).toEqual(["jamal", "din"]);
    expect(splitJoined("abdullah")).toBeUndefined();
    expect(splitJoined("hassan")).toBeUndefined();
  });

  it("keeps where each token came from", () => {
    expect(canonicalTokens("Abd al Hakim AL-KHAIWANI")).toEqual([
      { token: "abd", from: 0, to: 2 },
      { token: "hakim", from: 0, to: 2 },
      { token: "khaiwani", from: 3, to: 3 },
    ]);
  });
});

describe("closedGaps and queryForms", () => {
  it("closes apostrophes written as spaces, as an extra query form only", () => {
    expect(closedGaps(["sa", "id", "nowbakht"])).toEqual(["said", "nowbakht"]);
    expect(closedGaps(["nural", "din"])).toEqual(["nur", "din"]);
    expect(closedGaps(["daniel", "perez"])).toBeUndefined();
    expect(queryForms("Daniel Perez").map((f) => f.form)).toEqual(["written"]);
    expect(queryForms("MUHSIN KHADR ALKHAFAJI")).toEqual([
      { form: "written", tokens: ["muhsin", "khadr", "alkhafaji"] },
      { form: "canonical", tokens: ["muhsin", "khadr", "khafaji"] },
    ]);
    expect(queryForms("Sa id NOWBAKHT").map((f) => f.form)).toEqual(["written", "joined"]);
  });
});

describe("particleNote: which form matched, for the reason", () => {
  it("names the joined, split or other form of the listed spelling", () => {
    expect(particleNote("MUHSIN KHADR ALKHAFAJI", "MUHSIN KHADR AL-KHAFAJI")).toBe(
      "Matched the joined form ALKHAFAJI of AL-KHAFAJI (name particles compared as one name).",
    );
    expect(particleNote("Abd al Hakim AL-KHAIWANI", "AL-KHAIWANI, Abdul Hakim")).toBe(
      "Matched the form Abd al Hakim of Abdul Hakim (name particles compared as one name).",
    );
    expect(particleNote("Bashir ud din", "MAHMOOD, Sultan Bashiruddin")).toBe(
      "Matched the split form Bashir ud din of Bashiruddin (name particles compared as one name).",
    );
  });

  it("says nothing when the particles are written alike", () => {
    expect(particleNote("Ayman al-Zawahiri", "AL ZAWAHIRI, Dr. Ayman")).toBeUndefined();
    expect(particleNote("John Smith", "SMITH, John")).toBeUndefined();
    expect(particleNote("Abu Bakr Baghdadi", "AL-BAGHDADI, Abu Bakr")).toBeUndefined();
    expect(particleNote("Ayman alZawahiri", "AL ZAWAHIRI, Dr. Ayman")).toBe(
      "Matched the joined form alZawahiri of AL ZAWAHIRI (name particles compared as one name).",
    );
  });
});
