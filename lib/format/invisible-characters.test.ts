import { describe, expect, it } from "vitest";
import { hasHidden, revealHidden, splitHidden } from "./invisible-characters";

describe("splitHidden", () => {
  it("leaves ordinary text alone, whatever its script", () => {
    for (const text of ["plain ascii", "Zoë Ünal", "محمد علي", "שלום", "漢字テスト", "emoji 😀 ok", "a\tb\nc\r\nd"]) {
      expect(splitHidden(text)).toEqual([{ text }]);
      expect(hasHidden(text)).toBe(false);
    }
    expect(splitHidden("")).toEqual([]);
  });

  it("takes out every bidi control with its name", () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];
    for (const cp of controls) {
      const parts = splitHidden(`a${String.fromCodePoint(cp)}b`);
      expect(parts).toHaveLength(3);
      expect(parts[1]?.hidden?.code).toBe(`U+${cp.toString(16).toUpperCase().padStart(4, "0")}`);
      expect(parts[1]?.hidden?.name).toMatch(/[A-Z]/);
    }
    expect(splitHidden("report\u202egnp.exe")).toEqual([
      { text: "report" },
      { hidden: { char: "\u202e", code: "U+202E", name: "RIGHT-TO-LEFT OVERRIDE" } },
      { text: "gnp.exe" },
    ]);
  });

  it("takes out zero-width and other format characters (category Cf)", () => {
    for (const char of [
      "\u200b",
      "\u200c",
      "\u200d",
      "\u2060",
      "\u2061",
      "\u2062",
      "\u2063",
      "\u2064",
      "\ufeff",
      "\u00ad",
      "\u180e",
      "\ufff9",
      "\u{e0001}",
      "\u3164",
      "\u034f",
    ]) {
      const parts = splitHidden(`x${char}y`);
      expect(parts.map((p) => p.hidden?.char ?? p.text)).toEqual(["x", char, "y"]);
    }
  });

  it("takes out C0 and C1 controls but tab and newline (CR only as part of CRLF)", () => {
    expect(revealHidden("a\u0000b\u0007c\u001bd\u007fe\u0085f\u009fg")).toBe("a⟨U+0000⟩b⟨U+0007⟩c⟨U+001B⟩d⟨U+007F⟩e⟨U+0085⟩f⟨U+009F⟩g");
    expect(revealHidden("line\r\nnext\rlone")).toBe("line\r\nnext⟨U+000D⟩lone");
    expect(splitHidden("\u0007")[0]?.hidden?.name).toBe("BELL");
    expect(splitHidden("\u0001")[0]?.hidden?.name).toBe("CONTROL CHARACTER");
  });

  it("keeps the joiners and tags that emoji are made of", () => {
    for (const emoji of ["👩‍💻", "👨‍👩‍👧", "🧑🏽‍🚀", "🏳️‍🌈", "\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}"]) {
      expect(hasHidden(`flag ${emoji}`), emoji).toBe(false);
    }
    // A joiner between letters, or a tag with no flag before it, is hidden text.
    expect(revealHidden("pay\u200dpal")).toBe("pay⟨U+200D⟩pal");
    expect(revealHidden("x\u{e0041}")).toBe("x⟨U+E0041⟩");
  });

  it("names a run of hidden characters one by one", () => {
    expect(revealHidden("\u202e\u202e")).toBe("⟨U+202E⟩⟨U+202E⟩");
  });
});
