import { nameKey, normalizeTokens, wordTokens, writtenTokens } from "./normalize";
import { canonicalTokens, closedGaps } from "./particles";

// The forms a name is indexed and searched in. Every form of a listed name is indexed as one more
// name of its entity; a query is searched in each of its forms and the best score wins.

/**
 * As written (normalised), with its particles canonicalised (particles.ts), or joined: a listed
 * name with its hyphens closed up first (Bashir-Ud-Din → Bashiruddin), a query with its apostrophe
 * gaps closed ("Sa id" → said).
 */
export type NameForm = "written" | "canonical" | "joined";

/** A name in one of its forms. */
export type QueryForm = { form: NameForm; tokens: string[] };

/** A query's forms, as written first; forms with the same tokens as an earlier one are left out. */
export function queryForms(name: string): QueryForm[] {
  const written = normalizeTokens(name);
  if (written.length === 0) return [];
  const forms: QueryForm[] = [{ form: "written", tokens: written }];
  const keys = new Set([nameKey(written)]);
  const add = (form: NameForm, tokens: string[] | undefined) => {
    if (!tokens || tokens.length === 0 || keys.has(nameKey(tokens))) return;
    keys.add(nameKey(tokens));
    forms.push({ form, tokens });
  };
  const canonical = canonicalTokens(name).map((t) => t.token);
  add("canonical", canonical);
  const closed = closedGaps(canonical);
  add("joined", closed && canonicalTokens(closed.join(" ")).map((t) => t.token));
  return forms;
}

/**
 * A listed name as written, with its particles canonicalised, and with its hyphens closed up
 * first. Written first, so that a name equal in every form is reported as written.
 */
export function listedNameForms(text: string): QueryForm[] {
  // One transliteration pass for both forms (the index runs this on every listed name).
  const words = wordTokens(text);
  const forms: QueryForm[] = [
    { form: "written", tokens: writtenTokens(words.map((w) => w.token)) },
    { form: "canonical", tokens: canonicalTokens(words).map((t) => t.token) },
  ];
  const closed = text.replace(/(?<=\p{L})-(?=\p{L})/gu, "");
  if (closed !== text) forms.push({ form: "joined", tokens: canonicalTokens(closed).map((t) => t.token) });
  return forms;
}
