import anyAscii from "any-ascii";

// Name normalisation shared by the index and the queries: both sides must go through exactly the
// same steps, otherwise an exact name would not compare equal to itself.

/** Titles and honorifics: they say nothing about who the person is and are often omitted. */
export const HONORIFICS: ReadonlySet<string> = new Set([
  "mr",
  "mrs",
  "ms",
  "mx",
  "miss",
  "dr",
  "prof",
  "sir",
  "dame",
  "lord",
  "lady",
  "hon",
  "rev",
  "shri",
  "smt",
  "sri",
  "shrimati",
  "kumari",
]);

/**
 * Arabic article "al"/"el" (al-Zawahiri, El Sayed): writers include it, hyphenate it or drop it at
 * will, so it is removed everywhere and "al-Zawahiri", "Al Zawahiri" and "Zawahiri" compare equal.
 */
const ARTICLES = new Set(["al", "el"]);

/** Connectors and particles: kept (they can distinguish names) but weigh little when matching. */
const PARTICLES = new Set([
  "de",
  "da",
  "do",
  "dos",
  "das",
  "del",
  "della",
  "di",
  "du",
  "la",
  "le",
  "van",
  "von",
  "der",
  "den",
  "ter",
  "bin",
  "ibn",
  "bint",
  "ben",
  "ould",
  "y",
  "e",
  "of",
  "and",
  "the",
]);

/** Company legal forms: "CIMEX, S.A." and "Cimex" are the same listed organisation. */
const LEGAL_FORMS = new Set([
  "ltd",
  "limited",
  "llc",
  "inc",
  "co",
  "corp",
  "corporation",
  "company",
  "sa",
  "sas",
  "srl",
  "sarl",
  "gmbh",
  "ag",
  "plc",
  "bv",
  "nv",
  "jsc",
  "ojsc",
  "cjsc",
  "pjsc",
  "ooo",
  "oao",
  "zao",
  "llp",
  "lp",
  "spa",
  "sl",
  "cv",
  "pvt",
  "pte",
  "bhd",
  "sdn",
  "fze",
  "fzco",
  "fzc",
  "lda",
  "ab",
  "as",
  "oy",
]);

const LOW_WEIGHT = 0.3;

/** Relative importance of a token in a name (1 for ordinary name tokens). */
export function tokenWeight(token: string): number {
  if (token.length === 1) return LOW_WEIGHT;
  if (PARTICLES.has(token) || LEGAL_FORMS.has(token)) return LOW_WEIGHT;
  return 1;
}

/**
 * "SURNAME, Given Names" → "Given Names SURNAME". Only when there is exactly one comma and the
 * part after it is not a legal form ("CIMEX, S.A." stays as it is).
 */
export function reorderSurnameFirst(name: string): string {
  const parts = name.split(",");
  if (parts.length !== 2) return name;
  const [surname, given] = parts.map((p) => p.trim()) as [string, string];
  if (!surname || !given) return name;
  const givenTokens = basicTokens(given);
  if (givenTokens.length === 0 || givenTokens.every((t) => LEGAL_FORMS.has(t))) return name;
  return `${given} ${surname}`;
}

/** Text content without any parenthesised part: "SANTOS, Ahmad (Ahmed)" → "SANTOS, Ahmad". */
export function withoutParentheses(name: string): string {
  return name
    .replace(/\([^)]*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function basicTokens(text: string): string[] {
  let s = anyAscii(text).toLowerCase();
  // Apostrophes and okina-like marks join the letters around them: Mas'ud → masud, 'Abd → abd.
  s = s.replace(/['`]/g, "");
  // Dotted abbreviations become one token (S.A. → sa, C.V. → cv) before dots turn into spaces.
  s = s.replace(/\b([a-z])\.([a-z])\.(?:([a-z])\.)?/g, (_m, a: string, b: string, c?: string) => `${a}${b}${c ?? ""} `);
  s = s.replace(/[^a-z0-9]+/g, " ").trim();
  return s ? s.split(" ") : [];
}

/** Every token with the index of the whitespace-separated word of `name` it comes from. */
export function wordTokens(name: string): { token: string; word: number }[] {
  const out: { token: string; word: number }[] = [];
  name
    .split(/\s+/)
    .filter(Boolean)
    .forEach((w, word) => {
      for (const token of basicTokens(w)) out.push({ token, word });
    });
  return out;
}

/**
 * Normalised tokens of a name: ASCII, lower case, no punctuation, honorifics and the al-/el- article
 * removed. Order is kept (matching is order-independent, but readers of the tokens are not).
 */
export function normalizeTokens(name: string): string[] {
  return writtenTokens(basicTokens(name));
}

/** normalizeTokens from the basic tokens of a name (for callers that already have them). */
export function writtenTokens(all: readonly string[]): string[] {
  const kept = all.filter((t) => !HONORIFICS.has(t) && !ARTICLES.has(t));
  // A name made only of removable words ("Al", "Dr") keeps them rather than vanishing.
  return kept.length > 0 ? kept : [...all];
}

/** One canonical string per name: tokens sorted, so reorderings of the same name share it. */
export function nameKey(tokens: readonly string[]): string {
  return [...tokens].sort().join(" ");
}

/** Display form of a listed name: surname-first individuals are turned round. */
export function displayName(name: string, isIndividual: boolean): string {
  return isIndividual ? reorderSurnameFirst(name) : name;
}

/**
 * A phonetic skeleton for transliteration variants: first letter, then consonants (h dropped) with
 * common spelling equivalences folded and doubled letters collapsed. Mohammed, Muhammad and Mohamed
 * share one skeleton; so do Hussein, Husayn and Hossein, and Yusuf, Yousef and Youssef.
 */
export function skeleton(token: string): string {
  if (!token) return "";
  const s = token.replace(/ph/g, "f").replace(/ck/g, "k").replace(/[qc]/g, "k").replace(/z/g, "s").replace(/w/g, "v");
  let out = s[0] as string;
  for (let i = 1; i < s.length; i++) {
    const ch = s[i] as string;
    if ("aeiouyh".includes(ch) || ch === s[i - 1]) continue;
    out += ch;
  }
  return out;
}
