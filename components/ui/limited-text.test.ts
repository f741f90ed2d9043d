import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LimitedText } from "./limited-text";

const render = (props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(LimitedText, { max: 5000, value: "", onChange: () => {}, ...props } as never));

describe("LimitedText", () => {
  it("shows the counter, described by it, and never sets maxLength (which would cut a paste)", () => {
    const html = render({ multiline: true, value: "hello", id: "note", "aria-describedby": "note-hint" });
    expect(html).toMatch(/^<div class="grid gap-1"><textarea rows="4" id="note" aria-describedby="note-hint (\S+)-count"/);
    expect(html).toContain("5 / 5,000");
    expect(html).not.toMatch(/maxlength/i);
    expect(html).not.toContain("aria-invalid");
    expect(html).toContain('aria-live="polite"');
  });

  it("turns to its error state over the limit", () => {
    const html = render({ value: "x".repeat(5001) });
    expect(html).toContain("<input");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("5,001 / 5,000 · 1 character too many");
    expect(html).toContain("text-danger");
  });

  it("keeps an error the field reports", () => {
    expect(render({ value: "ok", "aria-invalid": true })).toContain('aria-invalid="true"');
  });
});
