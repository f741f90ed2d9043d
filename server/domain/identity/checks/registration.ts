import { luhn } from "./check-digits";

// Company registration number formats per country, with check digits where the registry publishes
// the scheme. This is what can be checked without a registry connection; a deployment with a
// registry provider would add the lookup itself (see server/domain/identity/README.md).

type Rule = { pattern: RegExp; checksum?: (n: string) => boolean; label: string };

const abn = (n: string): boolean => {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = n.split("").map(Number);
  digits[0] = (digits[0] as number) - 1;
  return digits.reduce((s, d, i) => s + d * (weights[i] as number), 0) % 89 === 0;
};

const cnpj = (n: string): boolean => {
  if (/^(\d)\1{13}$/.test(n)) return false;
  const calc = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(n[i]), 0);
    const r = sum % 11;
    return (r < 2 ? 0 : 11 - r) === Number(n[len]);
  };
  return calc(12) && calc(13);
};

// IRS campus prefixes never assigned to EINs.
const invalidEinPrefixes = new Set(["00", "07", "08", "09", "17", "18", "19", "28", "29", "49", "69", "70", "78", "79", "89", "96", "97"]);

const rules: Record<string, Rule> = {
  US: { pattern: /^\d{9}$/, checksum: (n) => !invalidEinPrefixes.has(n.slice(0, 2)), label: "9-digit EIN with an assigned prefix" },
  GB: { pattern: /^(\d{8}|(SC|NI|OC|SO|NC|LP|SL|NL|R0)\d{6})$/, label: "8-character Companies House number" },
  FR: { pattern: /^(\d{9}|\d{14})$/, checksum: luhn, label: "SIREN (9 digits) or SIRET (14 digits), Luhn" },
  DE: { pattern: /^(HRA|HRB|GNR|PR|VR)\d{1,6}[A-Z]?$/, label: "Handelsregister number (HRA/HRB…)" },
  AU: { pattern: /^\d{11}$/, checksum: abn, label: "11-digit ABN (mod 89)" },
  BR: { pattern: /^\d{14}$/, checksum: cnpj, label: "14-digit CNPJ with its check digits" },
  NL: { pattern: /^\d{8}$/, label: "8-digit KvK number" },
  IN: { pattern: /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/, label: "21-character CIN" },
};

export function normalizeRegistrationNumber(n: string): string {
  return n.toUpperCase().replace(/[\s.\-/]/g, "");
}

export function checkRegistrationNumber(country: string, number: string): { ok: boolean; detail: string } {
  const n = normalizeRegistrationNumber(number);
  const rule = rules[country];
  if (!rule) {
    return /^[A-Z0-9]{4,30}$/.test(n)
      ? { ok: true, detail: `The registration number has a plausible format (no rule for ${country}).` }
      : { ok: false, detail: "The registration number must be 4 to 30 letters and digits." };
  }
  if (!rule.pattern.test(n)) return { ok: false, detail: `The registration number does not have the expected format (${rule.label}).` };
  if (rule.checksum && !rule.checksum(n)) return { ok: false, detail: `The registration number fails its check (${rule.label}).` };
  return { ok: true, detail: `The registration number matches the ${rule.label} format.` };
}
