import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UserText } from "./user-text";

const html = (value: string | null | undefined, fallback?: string) => renderToStaticMarkup(createElement(UserText, { value, fallback }));

describe("UserText", () => {
  it("isolates plain text in a <bdi> and leaves it as it is", () => {
    expect(html("محمد علي")).toBe("<bdi>محمد علي</bdi>");
    expect(html("a <b> & c")).toBe("<bdi>a &lt;b&gt; &amp; c</bdi>");
  });

  it("draws a hidden character as a named marker and never outputs the character itself", () => {
    const out = html("report\u202egnp.exe\u202c.");
    expect(out).not.toMatch(/[\u202a-\u202e]/);
    expect(out).toContain(
      'title="RIGHT-TO-LEFT OVERRIDE (U+202E): an invisible character in the text, shown here instead of being applied"',
    );
    expect(out).toContain(
      '<span aria-hidden="true">⟨</span>U+202E<span aria-hidden="true">⟩</span><span class="sr-only"> right-to-left override</span>',
    );
    expect(out).toMatch(
      /^<bdi>report<span[^>]*data-hidden-character="U\+202E".*<\/span>gnp\.exe<span[^>]*data-hidden-character="U\+202C".*<\/span>\.<\/bdi>$/,
    );
  });

  it("shows the fallback, muted, for a missing value", () => {
    expect(html(null)).toBe("");
    expect(html("", "—")).toBe('<span class="text-muted-foreground">—</span>');
  });
});
