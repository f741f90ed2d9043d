/**
 * A masked bank account number shows at most its last four digits, everything before them masked
 * with `*`, `x` or `•`. Spaces and dashes are ignored. A number with no masking at all
 * is refused: the full number must never be sent.
 */
export function isMaskedAccountNumber(value: string): boolean {
  const v = value.replace(/[\s-]/g, "");
  return /^[*xX\u2022]+\d{0,4}$/.test(v);
}

/** The visible last digits of a masked number ("" when none are shown). */
export function visibleDigits(masked: string): string {
  return /\d{0,4}$/.exec(masked.replace(/[\s-]/g, ""))?.[0] ?? "";
}

// ABA routing numbers: nine digits whose first two are a Federal Reserve routing symbol
// (00–12 government and banks, 21–32 thrifts, 61–72 electronic, 80 travellers' cheques), and whose
// weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.
export type RoutingResult = { ok: true } | { ok: false; reason: string };

export function checkRoutingNumber(value: string): RoutingResult {
  if (!/^\d{9}$/.test(value)) return { ok: false, reason: "an ABA routing number has exactly 9 digits" };
  const d = [...value].map(Number) as number[];
  const prefix = Number(value.slice(0, 2));
  const validPrefix = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!validPrefix) return { ok: false, reason: `prefix ${value.slice(0, 2)} is not a Federal Reserve routing symbol` };
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  if (sum % 10 !== 0) return { ok: false, reason: "checksum digit does not match" };
  return { ok: true };
}

/** The bank-account identity on the blocklist: routing number + last four visible digits. */
export function bankKeyOf(routing: string | undefined, masked: string | undefined): string | null {
  const last = masked ? visibleDigits(masked) : "";
  return routing && last.length === 4 ? `${routing}:${last}` : null;
}
