// Spelling games an evader plays with Arabic-script name particles, as generators of evaluation
// cases: each takes a listed name and returns another way of writing the same name (or undefined
// when the name has no such particle). The forms come from how the lists themselves write these
// names (AL-KHAFAJI / ALKHAFAJI, Abd al-Hadi / Abdul Hadi / Abdelhadi, Bashir-Ud-Din / Uddin, …).

export type ParticleVariantKind =
  | "particle_joined"
  | "particle_split"
  | "article_form"
  | "apostrophe_hyphen"
  | "abd_form"
  | "abu_joined"
  | "bin_form"
  | "din_form"
  | "rehman_form";

export const PARTICLE_VARIANT_KINDS: readonly ParticleVariantKind[] = [
  "particle_joined",
  "particle_split",
  "article_form",
  "apostrophe_hyphen",
  "abd_form",
  "abu_joined",
  "bin_form",
  "din_form",
  "rehman_form",
];

type Rand = () => number;

function choose<T>(items: readonly T[], rand: Rand): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** Replaces every match of `re` (global) with `make(match)`; undefined when nothing changed. */
function replaceAll(name: string, re: RegExp, make: (m: string, ...groups: string[]) => string): string | undefined {
  const out = name.replace(re, (m: string, ...rest: unknown[]) => make(m, ...(rest.filter((x) => typeof x === "string") as string[])));
  return out !== name ? out : undefined;
}

/** A suffix joined to its word ("uddin") is lower case unless the whole name is upper case. */
function suffixCase(model: string, text: string): string {
  return /^[a-z]/i.test(text) && !(model.length > 1 && model === model.toUpperCase()) ? text.toLowerCase() : sameCase(model, text);
}

/** Writes `text` in the case style of `model`: "AL" → upper case, "Al" → capitalised, "al" → lower. */
function sameCase(model: string, text: string): string {
  if (model.length > 1 && model === model.toUpperCase()) return text.toUpperCase();
  const lead = text.match(/^[\s-]*/)?.[0] ?? "";
  const rest = text.slice(lead.length).toLowerCase();
  return model[0] === model[0]?.toUpperCase() ? lead + rest.charAt(0).toUpperCase() + rest.slice(1) : lead + rest;
}

// "al-"/"el-"/"al " in front of a word (not the one of "Abd al-X", which abd_form covers).
const ARTICLE = /(?<!\babd[\s-]?)\b(al|el)[\s-]+(?=[a-z]{3,})/gi;

/** AL-KHAFAJI → ALKHAFAJI: the article written against its word. */
export function particleJoinedVariant(name: string): string | undefined {
  return replaceAll(name, ARTICLE, (_m, art) => art as string);
}

/**
 * ALKHAFAJI → AL KHAFAJI, Abdelkarim → Abdel Karim, Abubakar → Abu Bakar, Isamuddin → Isam uddin.
 * A leading al/el is split off only when `articleWord` says the rest is a word the lists write
 * after an article (so Alberto does not become "Al Berto").
 */
export function particleSplitVariant(name: string, articleWord: (word: string) => boolean = () => true): string | undefined {
  return replaceAll(
    name,
    /\b(al|el|abd[aeiou]?[lr]?|ab[o]?u)(?!lla?h?\b)([bcdfghjkmnpqrstvwxz][a-z]{3,})\b|\b([a-z]{3,}?)(uddin|eddine?|addin|urrehman|urrahman)\b/gi,
    (m, a, b, c, d) => {
      if (a && b) return /^[ae]l$/i.test(a) && !articleWord(b.toLowerCase()) ? m : `${a} ${b}`;
      return `${c} ${d}`;
    },
  );
}

/** al-X → El-X / al X / El X: another way of writing the article. */
export function articleFormVariant(name: string, rand: Rand): string | undefined {
  return replaceAll(name, ARTICLE, (m, art) => {
    const forms = ["al-", "el-", "al ", "el ", "Al-", "El "].filter((f) => f.toLowerCase() !== m.toLowerCase());
    return sameCase(art as string, choose(forms, rand));
  });
}

/** SA'ID → SAID or SA ID; Bashir-Ud-Din → Bashir Ud Din or BashirUdDin. */
export function apostropheHyphenVariant(name: string, rand: Rand): string | undefined {
  if (!/[a-z]['’`-][a-z]/i.test(name)) return undefined;
  return replaceAll(name, /([a-z])(['’`-])(?=[a-z])/gi, (_m, ch, mark) =>
    mark === "-" ? `${ch}${rand() < 0.5 ? " " : ""}` : `${ch}${rand() < 0.8 ? "" : " "}`,
  );
}

const ABD =
  /\babd(?:[\s-]*(?:al|el|ul|ar|ur|as|us|an)[\s-]*|ul[\s-]*|el[\s-]*|al[\s-]+|ou?l?[\s-]*|u[\s-]+|\s+|-)(?!l?lah?\b)(?=[a-z]{3,})/gi;

/** Abd al-Hadi ↔ Abdul Hadi ↔ Abdel Hadi ↔ Abd-ul Hadi ↔ Abdulhadi. */
export function abdFormVariant(name: string, rand: Rand): string | undefined {
  return replaceAll(name, ABD, (m) => {
    const forms = ["Abd al ", "Abdul ", "Abdel ", "Abd-ul ", "Abd al-", "Abdul", "Abdel"].filter(
      (f) => f.toLowerCase() !== m.toLowerCase(),
    );
    return sameCase(m.trim(), choose(forms, rand));
  });
}

/** Abu Hafs → Abuhafs / Abouhafs / Abou Hafs. */
export function abuJoinedVariant(name: string, rand: Rand): string | undefined {
  return replaceAll(name, /\bab(?:u|ou)[\s-]+(?:(?:al|el)[\s-]+)?(?=[a-z]{3,})/gi, (m) => {
    const forms = ["Abu", "Abou", "Abou "].filter((f) => f.toLowerCase() !== m.toLowerCase());
    return sameCase(m.trim(), choose(forms, rand));
  });
}

/** bin ↔ ibn ↔ ben. */
export function binFormVariant(name: string, rand: Rand): string | undefined {
  return replaceAll(name, /\b(bin|ibn|ben)\b/gi, (m) =>
    sameCase(
      m,
      choose(
        ["bin", "ibn", "ben"].filter((f) => f !== m.toLowerCase()),
        rand,
      ),
    ),
  );
}

/** Bashir-Ud-Din ↔ Bashiruddin ↔ Bashir al-Din ↔ Bashir ad-Din ↔ Bashireddine. */
export function dinFormVariant(name: string, rand: Rand): string | undefined {
  return replaceAll(name, /(?:[\s-]+(?:ud|ad|al|ed|el|ul|ud)[\s-]+|(?:ud|ed|ad)|[\s-]+)(din|deen|dine)\b/gi, (m, din) => {
    const forms = ["-ud-din", "uddin", " al-Din", " ad-Din", "eddine", " ud din"].filter((f) => f.toLowerCase() !== m.toLowerCase());
    return suffixCase(din as string, choose(forms, rand));
  });
}

/** Zaki-ur-Rehman ↔ Zakiurrehman ↔ Zaki ur Rahman. */
export function rehmanFormVariant(name: string, rand: Rand): string | undefined {
  return replaceAll(name, /(?:[\s-]*\b(?:ur|ul|ar)[\s-]*|(?<=[a-z])(?:ur|ar))(re?h?man)\b/gi, (m, word) => {
    const forms = ["-ur-Rehman", "urrehman", " ur Rahman", "-ur-Rahman", "urrahman"].filter((f) => f.toLowerCase() !== m.toLowerCase());
    return suffixCase(word as string, choose(forms, rand));
  });
}

export function particleVariant(
  kind: ParticleVariantKind,
  name: string,
  rand: Rand,
  articleWord?: (word: string) => boolean,
): string | undefined {
  switch (kind) {
    case "particle_joined":
      return particleJoinedVariant(name);
    case "particle_split":
      return particleSplitVariant(name, articleWord);
    case "article_form":
      return articleFormVariant(name, rand);
    case "apostrophe_hyphen":
      return apostropheHyphenVariant(name, rand);
    case "abd_form":
      return abdFormVariant(name, rand);
    case "abu_joined":
      return abuJoinedVariant(name, rand);
    case "bin_form":
      return binFormVariant(name, rand);
    case "din_form":
      return dinFormVariant(name, rand);
    case "rehman_form":
      return rehmanFormVariant(name, rand);
  }
}
