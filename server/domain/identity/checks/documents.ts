import { luhn } from "./check-digits";

// Document number formats per type and issuing country, with the published check-digit schemes
// where a national ID has one. A format we do not know for a country falls back to the generic
// ICAO-style shape (5 to 20 letters and digits): it can catch garbage, not forgeries.

type Rule = { pattern: RegExp; checksum?: (n: string) => boolean; label: string };

// Verhoeff (Aadhaar).
const vD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const vP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const verhoeff = (n: string): boolean => {
  let c = 0;
  const digits = n.split("").reverse().map(Number);
  for (let i = 0; i < digits.length; i++) c = vD[c]![vP[i % 8]![digits[i]!]!]!;
  return c === 0;
};

const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE";
const spanishId = (n: string): boolean => {
  const nie = /^[XYZ]/.test(n) ? String("XYZ".indexOf(n[0] as string)) + n.slice(1) : n;
  return dniLetters[Number(nie.slice(0, 8)) % 23] === nie[8];
};

const bsn = (n: string): boolean => {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(n[i]) * (9 - i);
  return (sum - Number(n[8])) % 11 === 0;
};

const cpf = (n: string): boolean => {
  if (/^(\d)\1{10}$/.test(n)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(n[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return (r === 10 ? 0 : r) === Number(n[len]);
  };
  return check(9) && check(10);
};

const chinaId = (n: string): boolean => {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(n[i]) * (weights[i] as number);
  return "10X98765432"[sum % 11] === n[17];
};

const belgianId = (n: string): boolean => {
  const body = n.slice(0, 9);
  const check = Number(n.slice(9));
  return 97 - (Number(body) % 97) === check || 97 - (Number(`2${body}`) % 97) === check;
};

const generic: Rule = { pattern: /^[A-Z0-9]{5,20}$/, label: "5 to 20 letters and digits" };

const rules: Record<string, Record<string, Rule>> = {
  passport: {
    US: { pattern: /^[A-Z0-9]\d{8}$/, label: "9 characters: a letter or digit then 8 digits" },
    GB: { pattern: /^\d{9}$/, label: "9 digits" },
    CA: { pattern: /^[A-Z]{2}\d{6}$/, label: "2 letters and 6 digits" },
    DE: { pattern: /^[CFGHJKLMNPRTVWXYZ0-9]{9}$/, label: "9 characters from C F G H J K L M N P R T V W X Y Z 0-9" },
    FR: { pattern: /^\d{2}[A-Z]{2}\d{5}$/, label: "2 digits, 2 letters, 5 digits" },
    IN: { pattern: /^[A-Z]\d{7}$/, label: "a letter and 7 digits" },
    AU: { pattern: /^[A-Z]{1,2}\d{7}$/, label: "1 or 2 letters and 7 digits" },
    IT: { pattern: /^[A-Z]{2}\d{7}$/, label: "2 letters and 7 digits" },
    NL: { pattern: /^[A-NP-Z]{2}[A-NP-Z0-9]{6}\d$/, label: "9 characters, no letter O, ending in a digit" },
    BR: { pattern: /^[A-Z]{2}\d{6}$/, label: "2 letters and 6 digits" },
  },
  national_id: {
    ES: { pattern: /^([0-9]{8}|[XYZ][0-9]{7})[A-Z]$/, checksum: spanishId, label: "DNI/NIE with its control letter" },
    NL: { pattern: /^\d{9}$/, checksum: bsn, label: "9-digit BSN (11-proof)" },
    SE: { pattern: /^(\d{2})?\d{10}$/, checksum: (n) => luhn(n.slice(-10)), label: "personnummer (Luhn)" },
    BR: { pattern: /^\d{11}$/, checksum: cpf, label: "11-digit CPF with its check digits" },
    IN: { pattern: /^[2-9]\d{11}$/, checksum: verhoeff, label: "12-digit Aadhaar (Verhoeff)" },
    CN: { pattern: /^\d{17}[\dX]$/, checksum: chinaId, label: "18-character resident ID (ISO 7064 MOD 11-2)" },
    BE: { pattern: /^\d{11}$/, checksum: belgianId, label: "11-digit national number (mod 97)" },
    IT: { pattern: /^[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]$/, label: "16-character codice fiscale" },
  },
  drivers_license: {
    GB: { pattern: /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/, label: "16-character DVLA number" },
    US: { pattern: /^[A-Z0-9]{4,16}$/, label: "4 to 16 letters and digits" },
  },
};

export function normalizeDocumentNumber(number: string): string {
  return number.toUpperCase().replace(/[\s.\-/]/g, "");
}

/** Whether a document number fits its type and issuing country; the reason when it does not. */
export function checkDocumentNumber(type: string, country: string | undefined, number: string): { ok: boolean; detail: string } {
  const n = normalizeDocumentNumber(number);
  const rule = (country && rules[type]?.[country]) || generic;
  if (!rule.pattern.test(n))
    return { ok: false, detail: `The ${type.replace("_", " ")} number does not have the expected format (${rule.label}).` };
  if (rule.checksum && !rule.checksum(n))
    return { ok: false, detail: `The ${type.replace("_", " ")} number fails its check digit (${rule.label}).` };
  return {
    ok: true,
    detail: rule === generic ? "The number has a plausible format (no country-specific rule)." : `The number matches ${rule.label}.`,
  };
}
