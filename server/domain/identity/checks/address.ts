// Postal code shapes per country and the first-level divisions we can check, for
// address_verification. Unknown countries are checked for presence only.
const postal: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  GB: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/,
  IE: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  BE: /^\d{4}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  NO: /^\d{4}$/,
  DK: /^\d{4}$/,
  FI: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  IN: /^\d{6}$/,
  CN: /^\d{6}$/,
  JP: /^\d{3}-?\d{4}$/,
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  MX: /^\d{5}$/,
  NG: /^\d{6}$/,
  ZA: /^\d{4}$/,
  SG: /^\d{6}$/,
  RU: /^\d{6}$/,
};

const usStates = new Set(
  "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP AA AE AP".split(
    " ",
  ),
);
const caProvinces = new Set("AB BC MB NB NL NS NT NU ON PE QC SK YT".split(" "));

export type AddressInput = { line1: string; line2?: string; city: string; state: string; postal_code: string; country: string };

export function checkAddress(a: AddressInput): { ok: boolean; detail: string } {
  const problems: string[] = [];
  const code = a.postal_code.trim().toUpperCase();
  const pattern = postal[a.country];
  if (pattern && !pattern.test(code)) problems.push(`postal code ${a.postal_code} is not a valid ${a.country} postal code`);
  const state = a.state.trim().toUpperCase();
  if (a.country === "US" && !usStates.has(state)) problems.push(`state ${a.state} is not a US state code`);
  if (a.country === "CA" && !caProvinces.has(state)) problems.push(`state ${a.state} is not a Canadian province code`);
  if (!/[A-Za-z\p{L}]/u.test(a.line1)) problems.push("line1 has no street name");
  if (problems.length) return { ok: false, detail: `Address inconsistent with ${a.country}: ${problems.join("; ")}.` };
  return {
    ok: true,
    detail: pattern ? `Postal code and region are consistent with ${a.country}.` : `Address present; no postal rules for ${a.country}.`,
  };
}

const abbreviations: [RegExp, string][] = [
  [/\bstreet\b/g, "st"],
  [/\bavenue\b/g, "ave"],
  [/\broad\b/g, "rd"],
  [/\bboulevard\b/g, "blvd"],
  [/\bdrive\b/g, "dr"],
  [/\blane\b/g, "ln"],
  [/\bapartment\b|\bapt\b|\bsuite\b|\bunit\b|#/g, " unit "],
];

/** One spelling of an address, so "12 Main Street, Apt 4" and "12 main st #4" compare equal. */
export function normalizeAddress(a: AddressInput): string {
  let s = `${a.line1} ${a.line2 ?? ""}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  for (const [re, to] of abbreviations) s = s.replace(re, to);
  s = s
    .replace(/[^a-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `${s}|${a.postal_code.toUpperCase().replace(/\s/g, "")}|${a.country}`;
}
