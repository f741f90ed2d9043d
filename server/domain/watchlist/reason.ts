import { formatPartialDate } from "./dates";
import type { DobComparison, MatchStrength, WatchlistEntity } from "./types";

// The plain-language sentence shown to reviewers with each screening result: which list, under
// which programme, what the list says (truncated), and what the match rests on.

/** OFAC programme tags in the SDN files, spelled out. Unknown tags fall back to the family rules. */
const OFAC_PROGRAMMES: Record<string, string> = {
  SDGT: "Specially Designated Global Terrorist",
  SDNTK: "Foreign Narcotics Kingpin Designation Act",
  SDNT: "Specially Designated Narcotics Trafficker",
  FTO: "Foreign Terrorist Organization",
  NPWMD: "Non-Proliferation of Weapons of Mass Destruction",
  IFSR: "Iranian Financial Sanctions Regulations",
  IRGC: "Islamic Revolutionary Guard Corps",
  IFCA: "Iran Freedom and Counter-Proliferation Act",
  "IRAN-HR": "Iran human rights abuses",
  "IRAN-TRA": "Iran Threat Reduction and Syria Human Rights Act",
  GLOMAG: "Global Magnitsky human rights and corruption sanctions",
  MAGNIT: "Sergei Magnitsky Rule of Law Accountability Act",
  TCO: "Transnational Criminal Organizations",
  CUBA: "Cuban Assets Control Regulations",
  BALKANS: "Western Balkans sanctions",
  ZIMBABWE: "Zimbabwe sanctions",
  BELARUS: "Belarus sanctions",
  DRCONGO: "Democratic Republic of the Congo sanctions",
  CAR: "Central African Republic sanctions",
  SOMALIA: "Somalia sanctions",
  "SOUTH SUDAN": "South Sudan sanctions",
  YEMEN: "Yemen sanctions",
  DARFUR: "Darfur sanctions",
  BURUNDI: "Burundi sanctions",
  LEBANON: "Lebanon sanctions",
  NICARAGUA: "Nicaragua sanctions",
  "ELECTION-EO13848": "Foreign interference in a United States election",
  "HK-EO13936": "Hong Kong normalization sanctions",
  "CAATSA - RUSSIA": "Countering America's Adversaries Through Sanctions Act (Russia)",
  "CAATSA - IRAN": "Countering America's Adversaries Through Sanctions Act (Iran)",
  "SYRIA-CAESAR": "Caesar Syria Civilian Protection Act",
  PEESA: "Protecting Europe's Energy Security Act",
};

/** Programme families by tag prefix (IRAN-EO13876, UKRAINE-EO13661, DPRK3, LIBYA2, …). */
const OFAC_FAMILIES: [RegExp, string][] = [
  [/^UKRAINE|^RUSSIA/, "Ukraine- and Russia-related sanctions"],
  [/^IRAN/, "Iran-related sanctions"],
  [/^SYRIA|^HRIT-SY|^FSE-SY/, "Syria-related sanctions"],
  [/^DPRK/, "North Korea sanctions"],
  [/^VENEZUELA/, "Venezuela-related sanctions"],
  [/^IRAQ/, "Iraq-related sanctions"],
  [/^LIBYA/, "Libya sanctions"],
  [/^CYBER/, "Malicious cyber-enabled activities"],
  [/^BURMA/, "Burma-related sanctions"],
  [/^MALI/, "Mali-related sanctions"],
  [/^HRIT-IR/, "Iran-related sanctions"],
];

/** UN_LIST_TYPE values of the consolidated list, spelled out. */
const UN_REGIMES: Record<string, string> = {
  "Al-Qaida": "ISIL (Da'esh) and Al-Qaida sanctions",
  Taliban: "1988 sanctions (Taliban)",
  DPRK: "DPRK (1718) sanctions",
  Iran: "Iran sanctions",
  Iraq: "Iraq (1518) sanctions",
  DRC: "Democratic Republic of the Congo sanctions",
  CAR: "Central African Republic sanctions",
  Libya: "Libya sanctions",
  Somalia: "Somalia / Al-Shabaab sanctions",
  SouthSudan: "South Sudan sanctions",
  Sudan: "Sudan sanctions",
  Yemen: "Yemen sanctions",
  Haiti: "Haiti sanctions",
  GB: "Guinea-Bissau sanctions",
};

export function describeOfacProgramme(tag: string): string | undefined {
  return OFAC_PROGRAMMES[tag] ?? OFAC_FAMILIES.find(([re]) => re.test(tag))?.[1];
}

const REMARKS_MAX = 160;

/** Remarks cut at a word boundary, minus boilerplate that says nothing about the subject. */
export function truncateRemarks(remarks: string, max = REMARKS_MAX): string {
  const text = remarks
    .replace(/INTERPOL-UN Security Council Special Notice web link:\s*\S+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[;,.:\s]+$/, "")}…`;
}

function programmeList(tags: readonly string[], describe: (t: string) => string | undefined): string {
  return tags.map((t) => (describe(t) ? `${t} (${describe(t)})` : t)).join(", ");
}

function listing(e: WatchlistEntity): string {
  const progs = e.programmes;
  switch (e.list) {
    case "ofac":
      return `Listed on the OFAC SDN list${progs.length ? ` under programme ${programmeList(progs, describeOfacProgramme)}` : ""}.`;
    case "un_sanctions":
      return `Listed on the UN Security Council Consolidated List${progs.length ? ` under ${programmeList(progs, (t) => UN_REGIMES[t])}` : ""}${e.details.reference_number ? `, reference ${e.details.reference_number}` : ""}.`;
    case "eu_sanctions":
      return `Listed on the EU consolidated financial sanctions list${progs.length ? ` under programme ${progs.join(", ")}` : ""}.`;
    case "pep": {
      const where = [e.details.organisation, e.details.term ? `term ${e.details.term}` : "", e.details.country].filter(Boolean).join(", ");
      const when = e.details.start_date || e.details.end_date ? ` from ${e.details.start_date || "?"} to ${e.details.end_date || "?"}` : "";
      return `Politically exposed person: ${progs[0] || "public function"}${where ? ` (${where})` : ""}${when}; the position may have ended, enhanced due diligence applies.`;
    }
    case "adverse_media": {
      const src = [e.details.source_url, e.details.published_at ? `published ${e.details.published_at}` : ""].filter(Boolean).join(", ");
      return `Adverse media${progs.length ? ` (${progs.join(", ")})` : ""}${src ? `, source: ${src}` : ""}.`;
    }
  }
}

const DOB_TEXT: Record<DobComparison, string> = {
  exact: "Date of birth matches.",
  day_month_swapped: "Date of birth matches with day and month swapped.",
  month: "Month and year of birth match.",
  year: "Year of birth matches.",
  partial_conflict: "Year of birth matches but month or day differs",
  conflict: "Date of birth differs",
  not_compared: "",
};

export function buildReason(
  e: WatchlistEntity,
  matchedName: string,
  strength: MatchStrength,
  dob: DobComparison,
  particleNote?: string,
): string {
  const parts = [listing(e)];
  const remarks = truncateRemarks(e.remarks);
  if (remarks) parts.push(`${e.list === "adverse_media" ? "Summary" : "Remarks"}: ${remarks}`);
  if (strength !== "primary") parts.push(`Matched ${strength === "weak" ? "a weak alias" : "an alias"}: ${matchedName}.`);
  // Which spelling of a name particle matched (the joined form ALKHAFAJI of AL-KHAFAJI).
  if (particleNote) parts.push(particleNote);
  if (dob === "partial_conflict" || dob === "conflict") {
    parts.push(`${DOB_TEXT[dob]} (listed: ${e.datesOfBirth.map(formatPartialDate).join(", ")}).`);
  } else if (DOB_TEXT[dob]) parts.push(DOB_TEXT[dob]);
  return parts.join(" ");
}
