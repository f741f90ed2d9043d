import { HONORIFICS, wordTokens } from "./normalize";

// Arabic-script name particles compared the way a reviewer reads them: the joined and split forms
// of one name are one name. AL-KHAFAJI, AL KHAFAJI and ALKHAFAJI are all "khafaji"; Abd al-Hakim,
// Abdul Hakim, Abdel Hakim, Abd-ul Hakim and Abdulhakim are all "abd hakim"; Abu Hafs and Abouhafs
// "abu hafs"; Bashir-ud-Din, Bashiruddin, Bashir al-Din and Bashireddine "bashir din"; Zaki-ur-Rehman
// and Zakiurrehman "zaki rehman"; bin, ibn and ben "bin". The index keeps each name's written form
// too, so a typo inside a particle still finds the name as written.

/** A canonical token and the words of the original name it came from (for the reason text). */
export type CanonicalToken = { token: string; from: number; to: number };

/** The article, and its forms before sun letters (ar-Rahman, ad-Din, as-Sayyid, ash-Shami). */
const ARTICLES = new Set(["al", "el", "ul"]);
const SUN_ARTICLES = new Set([
  "ar",
  "ur",
  "er",
  "ad",
  "ud",
  "ed",
  "as",
  "us",
  "es",
  "ash",
  "ush",
  "at",
  "ut",
  "az",
  "uz",
  "an",
  "un",
  "adh",
  "ath",
]);
/** "Abd" written on its own, with or without its article: abd, abdul, abdel, abd-ur, abdou. */
const ABD_WORD = /^abd(?:(?:ou|[aeiou])[lrsntdz]?)?$/;
const ABU_WORDS = new Set(["abu", "abou", "abul", "aboul"]);
const BIN_WORDS = new Map([
  ["bin", "bin"],
  ["ibn", "bin"],
  ["ben", "bin"],
  ["bn", "bin"],
]);
const DIN_WORDS = new Set(["din", "deen", "dine", "uddin", "uddeen", "eddin", "eddine", "addin", "aldin", "aldine", "uldin"]);

const MAY_HOLD_PARTICLE = /^(?:ab|al|el|bin|ibn|ur|ar)|d(?:in|een|ine)$|r[ae]h?man$/;

/** An article before a word: al/el/ul always, the sun-letter forms only before their own letter. */
function isArticleBefore(token: string, next: string | undefined): boolean {
  if (next === undefined) return false;
  if (ARTICLES.has(token)) return true;
  return SUN_ARTICLES.has(token) && next.startsWith(token.slice(1));
}

/**
 * One joined token split into its particle and its word, or undefined. Order matters: the Allah
 * names first (Abdullah is not abd + "lah"), then Abd, Abu, ud-din, ur-Rehman, bin, the article.
 */
export function splitJoined(token: string): string[] | undefined {
  // Most words hold no particle: one test instead of eight (the index splits every listed word).
  if (!MAY_HOLD_PARTICLE.test(token)) return undefined;
  if (/^abd[aeiou]?l+ah?$/.test(token)) return token === "abdullah" ? undefined : ["abdullah"];
  let m = /^abd(?:(?:ou|[aeiou])(?:l|([rsdtzn])(?=\1))?)?([a-z]{3,})$/.exec(token);
  if (m) return ["abd", m[2] as string];
  m = /^ab(?:ou|u)l?([a-z]{3,})$/.exec(token);
  if (m) return ["abu", ...(splitJoined(m[1] as string) ?? [m[1] as string])];
  m = /^([a-z]{3,}?)(?:[aeou]d|[aeu]l)(?:din|deen|dine)$/.exec(token);
  if (m) return [m[1] as string, "din"];
  m = /^([a-z]{3,}?)(?:ur|ar|ul)(r[ae]h?man)$/.exec(token);
  if (m) return [m[1] as string, m[2] as string];
  m = /^(?:ur|ar)(r[ae]h?man)$/.exec(token);
  if (m) return [m[1] as string];
  m = /^(?:bin|ibn)([a-z]{4,})$/.exec(token);
  if (m) return ["bin", ...(splitJoined(m[1] as string) ?? [m[1] as string])];
  m = /^(?:al|el)([a-z]{4,})$/.exec(token);
  if (m) return [m[1] as string];
  return undefined;
}

/**
 * The particle-canonical tokens of a name, each with the span of original words it came from.
 * Identical for the index and the queries.
 */
export function canonicalTokens(name: string | readonly { token: string; word: number }[]): CanonicalToken[] {
  const raw = (typeof name === "string" ? wordTokens(name) : name).filter((t) => !HONORIFICS.has(t.token));
  const out: CanonicalToken[] = [];
  // A dropped article belongs to the word after it (for the reason text's "AL-KHAFAJI").
  let articleFrom = Number.POSITIVE_INFINITY;
  const emit = (token: string, wordFrom: number, to: number) => {
    const from = Math.min(wordFrom, articleFrom);
    articleFrom = Number.POSITIVE_INFINITY;
    if (DIN_WORDS.has(token)) token = "din";
    else if (ABD_WORD.test(token)) token = "abd";
    else if (ABU_WORDS.has(token)) token = "abu";
    const split = splitJoined(token);
    if (split) for (const t of split) out.push({ token: t, from, to });
    else out.push({ token: BIN_WORDS.get(token) ?? token, from, to });
  };
  for (let i = 0; i < raw.length; i++) {
    const cur = raw[i] as { token: string; word: number };
    const next = raw[i + 1]?.token;
    if (ABD_WORD.test(cur.token) || ABU_WORDS.has(cur.token)) {
      // Abd/Abu, then any article, then the word they go with: "Abd al-Hakim", "Abu al-Walid".
      let j = i + 1;
      while (j < raw.length - 1 && isArticleBefore((raw[j] as { token: string }).token, raw[j + 1]?.token)) j++;
      const word = raw[j];
      if (word && j > i) {
        if (ABD_WORD.test(cur.token) && /^l+ah?$|^allah$/.test(word.token)) out.push({ token: "abdullah", from: cur.word, to: word.word });
        else {
          out.push({ token: ABU_WORDS.has(cur.token) ? "abu" : "abd", from: cur.word, to: word.word });
          emit(word.token, cur.word, word.word);
        }
        i = j;
        continue;
      }
    }
    if (isArticleBefore(cur.token, next)) {
      articleFrom = Math.min(articleFrom, cur.word);
      continue;
    }
    emit(cur.token, cur.word, cur.word);
  }
  // A name made only of particles keeps what it had rather than vanishing.
  return out.length > 0 ? out : raw.map((t) => ({ token: t.token, from: t.word, to: t.word }));
}

/** The letters of a surface without a leading al-/el- article written apart ("AL-BAGHDADI"). */
function withoutArticle(x: string): string {
  return x
    .toLowerCase()
    .replace(/^(?:al|el)[\s-]+/, "")
    .replace(/[^a-z]/g, "");
}

/** The words of a span, without the punctuation around them ("KHAFAJI,"). */
function surface(words: readonly string[], [from, to]: [number, number]): string {
  return words
    .slice(from, to + 1)
    .join(" ")
    .replace(/^[^\p{L}']+|[^\p{L}']+$/gu, "");
}

/**
 * Which particle form matched, for the reason text: "the joined form ALKHAFAJI of AL-KHAFAJI".
 * Canonical tokens the two names share are paired; pairs that come from overlapping words on
 * either side are merged, so "Bashir ud din" is compared with "Bashiruddin" as a whole. Undefined
 * when every shared part is written the same way (up to case and punctuation) on both sides.
 */
export function particleNote(query: string, listed: string): string | undefined {
  const qWords = query.split(/\s+/).filter(Boolean);
  const lWords = listed.split(/\s+/).filter(Boolean);
  const listedByToken = new Map<string, CanonicalToken>();
  for (const t of canonicalTokens(listed)) if (!listedByToken.has(t.token)) listedByToken.set(t.token, t);
  type Pair = { q: [number, number]; l: [number, number] };
  const overlaps = (a: [number, number], b: [number, number]) => a[0] <= b[1] && b[0] <= a[1];
  const pairs: Pair[] = [];
  for (const t of canonicalTokens(query)) {
    const l = listedByToken.get(t.token);
    if (!l) continue;
    const pair: Pair = { q: [t.from, t.to], l: [l.from, l.to] };
    for (let k = pairs.length - 1; k >= 0; k--) {
      const p = pairs[k] as Pair;
      if (!overlaps(p.q, pair.q) && !overlaps(p.l, pair.l)) continue;
      pair.q = [Math.min(p.q[0], pair.q[0]), Math.max(p.q[1], pair.q[1])];
      pair.l = [Math.min(p.l[0], pair.l[0]), Math.max(p.l[1], pair.l[1])];
      pairs.splice(k, 1);
    }
    pairs.push(pair);
  }
  const letters = (x: string) => x.toLowerCase().replace(/[^a-z]/g, "");
  const notes: string[] = [];
  for (const p of pairs.sort((a, b) => a.q[0] - b.q[0])) {
    const qs = surface(qWords, p.q);
    const ls = surface(lWords, p.l);
    const qJoined = !/[\s-]/.test(qs);
    const lJoined = !/[\s-]/.test(ls);
    if (letters(qs) === letters(ls) && qJoined === lJoined) continue;
    // An article simply left out (Baghdadi for AL-BAGHDADI) is no particle spelling to report.
    if (withoutArticle(ls) !== letters(ls) && withoutArticle(ls) === letters(qs)) continue;
    notes.push(
      qJoined && !lJoined
        ? `the joined form ${qs} of ${ls}`
        : !qJoined && lJoined
          ? `the split form ${qs} of ${ls}`
          : `the form ${qs} of ${ls}`,
    );
  }
  return notes.length > 0 ? `Matched ${notes.join(", ")} (name particles compared as one name).` : undefined;
}

/**
 * A name with apostrophe gaps closed: "Sa id", "Wa il", "Esma il", "So ng", "Sa d" (an apostrophe
 * written as a space) become said, wail, esmail, song, sad; and "Nural Din" (the article of ad-Din
 * written against the word before it) becomes nur din. Only ever an extra form of a query, never
 * of a listed name: the best form wins. Undefined when nothing changed.
 */
export function closedGaps(tokens: readonly string[]): string[] | undefined {
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    const next = tokens[i + 1];
    const din = next === "din" ? /^([a-z]{3,})(?:[aeu]l|[aeu]d)$/.exec(t) : null;
    if (din) {
      out.push(din[1] as string);
      changed = true;
      continue;
    }
    const gap = next !== undefined && (/^[aeiou]/.test(next) || next.length === 1 || next === "ng");
    if (gap && t.length >= 2 && t.length <= 6 && !ARTICLES.has(t) && !BIN_WORDS.has(t)) {
      out.push(t + next);
      i++;
      changed = true;
    } else out.push(t);
  }
  return changed ? out : undefined;
}
