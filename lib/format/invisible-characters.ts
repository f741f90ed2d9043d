// Text from API clients and other analysts is shown as it was sent, never obeyed: a bidi control
// (a RIGHT-TO-LEFT OVERRIDE turns "gnp.exe" into "exe.png" on screen), a zero-width or other
// invisible format character (Unicode category Cf: it can hide inside an id or a name) or a
// control character other than tab and newline is split out here, so the console draws it as a
// visible marker (components/ui/user-text.tsx) instead.

export type HiddenCharacter = {
  /** The character itself, as stored. */
  char: string;
  /** "U+202E". */
  code: string;
  /** "RIGHT-TO-LEFT OVERRIDE", or what kind of character it is when it has no well-known name. */
  name: string;
};

export type TextPart = { text: string; hidden?: undefined } | { hidden: HiddenCharacter; text?: undefined };

const NAMES: Record<number, string> = {
  0x00: "NULL",
  0x07: "BELL",
  0x08: "BACKSPACE",
  0x0b: "LINE TABULATION",
  0x0c: "FORM FEED",
  0x0d: "CARRIAGE RETURN",
  0x1b: "ESCAPE",
  0x7f: "DELETE",
  0x85: "NEXT LINE",
  0xad: "SOFT HYPHEN",
  0x34f: "COMBINING GRAPHEME JOINER",
  0x61c: "ARABIC LETTER MARK",
  0x115f: "HANGUL CHOSEONG FILLER",
  0x1160: "HANGUL JUNGSEONG FILLER",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2061: "FUNCTION APPLICATION",
  0x2062: "INVISIBLE TIMES",
  0x2063: "INVISIBLE SEPARATOR",
  0x2064: "INVISIBLE PLUS",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0x3164: "HANGUL FILLER",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE (byte order mark)",
  0xffa0: "HALFWIDTH HANGUL FILLER",
};

// Format (Cf) and control (Cc) characters, plus the blank fillers that render as nothing (Lo/Mn).
const CANDIDATE = /[\p{Cf}\p{Cc}\u034f\u115f\u1160\u3164\uffa0]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI_TAIL = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
const BLACK_FLAG = 0x1f3f4;
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;

export function codeLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

function describe(char: string): HiddenCharacter {
  const cp = char.codePointAt(0) as number;
  const name = NAMES[cp] ?? (isTag(cp) ? "TAG CHARACTER" : /\p{Cc}/u.test(char) ? "CONTROL CHARACTER" : "INVISIBLE FORMAT CHARACTER");
  return { char, code: codeLabel(cp), name };
}

/**
 * Whether `chars[i]` is a legitimate part of what is drawn: tab, newline (CR only before LF), a
 * ZERO WIDTH JOINER between two emoji (👩‍💻), or the tags of a subdivision flag (🏴 of England).
 */
function keep(chars: string[], i: number): boolean {
  const char = chars[i] as string;
  if (char === "\t" || char === "\n") return true;
  if (char === "\r") return chars[i + 1] === "\n";
  const cp = char.codePointAt(0) as number;
  if (cp === 0x200d) return i > 0 && EMOJI_TAIL.test(chars[i - 1] as string) && PICTOGRAPH.test(chars[i + 1] ?? "");
  if (isTag(cp)) {
    let j = i - 1;
    while (j >= 0 && isTag(chars[j]?.codePointAt(0) ?? 0)) j--;
    return j >= 0 && chars[j]?.codePointAt(0) === BLACK_FLAG;
  }
  return false;
}

/** Whether `text` holds a character that splitHidden would take out. */
export function hasHidden(text: string): boolean {
  if (!CANDIDATE.test(text)) return false;
  return splitHidden(text).some((part) => part.hidden);
}

/** `text` cut into plain runs and the hidden characters between them, in order. */
export function splitHidden(text: string): TextPart[] {
  if (!CANDIDATE.test(text)) return text === "" ? [] : [{ text }];
  const chars = Array.from(text);
  const parts: TextPart[] = [];
  let run = "";
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (!CANDIDATE.test(char) || keep(chars, i)) {
      run += char;
      continue;
    }
    if (run) parts.push({ text: run });
    run = "";
    parts.push({ hidden: describe(char) });
  }
  if (run) parts.push({ text: run });
  return parts;
}

/**
 * The same as plain text, for places that take only a string (an attribute, an <option>, a chart
 * label, a toast): each hidden character becomes "⟨U+202E⟩".
 */
export function revealHidden(text: string): string {
  if (!CANDIDATE.test(text)) return text;
  return splitHidden(text)
    .map((part) => (part.hidden ? `⟨${part.hidden.code}⟩` : part.text))
    .join("");
}
