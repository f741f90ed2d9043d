import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as a from "../api/generated/surface-a/zod.gen";
import * as b from "../api/generated/surface-b/zod.gen";
import { countText, fitText, limitAnnouncement, limitState, overLimit, sentLength, TEXT_LIMITS, tooLongMessage } from "./text-limits";

/** The `maxLength` of a generated string field, optional or nullable. */
function maxOf(field: z.ZodType): number | undefined {
  let schema: z.ZodType = field;
  while ("unwrap" in schema && typeof schema.unwrap === "function") schema = schema.unwrap() as z.ZodType;
  return (schema as z.ZodString).maxLength ?? undefined;
}

describe("TEXT_LIMITS", () => {
  it("is the maxLength of each field in the API's generated request schemas", () => {
    expect(TEXT_LIMITS).toEqual({
      caseTitle: maxOf(a.zCreateCaseRequest.shape.title),
      caseNote: maxOf(a.zUpdateCaseRequest.shape.notes),
      alertResolutionNotes: maxOf(a.zUpdateAlertRequest.shape.resolution_notes),
      decisionNotes: maxOf(a.zCreateDecisionRequest.shape.notes),
      webhookUrl: maxOf(a.zCreateWebhookRequest.shape.url),
      webhookDescription: maxOf(a.zCreateWebhookRequest.shape.description),
      apiKeyLabel: maxOf(b.zCreateApiKeyRequest.shape.label),
      analystName: maxOf(b.zPostApiV1AnalystsBody.shape.name),
      ruleName: maxOf(b.zReplacePolicyRequest.shape.rules.element.shape.name),
      qualityReviewNotes: maxOf(b.zSubmitQualityReviewRequest.shape.notes),
    });
  });
});

describe("text limits", () => {
  it("count what is sent: trimmed, in UTF-16 code units as the API's zod counts", () => {
    expect(sentLength("  abc \n")).toBe(3);
    expect(sentLength("😀")).toBe(2);
    expect(overLimit("x".repeat(5000), 5000)).toBe(false);
    expect(overLimit(`${"x".repeat(5000)}\n\n`, 5000)).toBe(false);
    expect(overLimit("x".repeat(5001), 5000)).toBe(true);
  });

  it("show a counter, and the excess once over", () => {
    expect(countText("", 5000)).toEqual({ length: 0, max: 5000, over: false, counter: "0 / 5,000", excess: null });
    expect(countText("x".repeat(123), 5000).counter).toBe("123 / 5,000");
    expect(countText("x".repeat(5001), 5000)).toMatchObject({ over: true, counter: "5,001 / 5,000", excess: "1 character too many" });
    expect(countText("x".repeat(7500), 5000).excess).toBe("2,500 characters too many");
    expect(tooLongMessage(1000)).toBe("At most 1,000 characters.");
  });

  it("fit text the console writes itself, visibly", () => {
    expect(fitText("short", 200)).toBe("short");
    expect(fitText("x".repeat(250), 200)).toBe(`${"x".repeat(199)}…`);
    expect(fitText(`${"x".repeat(198)}😀tail`, 200)).toBe(`${"x".repeat(198)}…`);
    expect(fitText(`${"x".repeat(197)}   tail`, 200)).toBe(`${"x".repeat(197)}…`);
  });

  it("announce only near the limit (within a tenth, at least 10) and over it", () => {
    expect(limitState(countText("x".repeat(4499), 5000))).toBe("ok");
    expect(limitState(countText("x".repeat(4500), 5000))).toBe("near");
    expect(limitState(countText("x".repeat(89), 100))).toBe("ok");
    expect(limitState(countText("x".repeat(90), 100))).toBe("near");
    expect(limitState(countText("x".repeat(5001), 5000))).toBe("over");
    expect(limitAnnouncement(countText("x".repeat(10), 5000))).toBe("");
    expect(limitAnnouncement(countText("x".repeat(4990), 5000))).toBe("10 characters left.");
    expect(limitAnnouncement(countText("x".repeat(5002), 5000))).toBe(
      "2 characters too many: the limit is 5,000. Shorten the text to send it.",
    );
  });
});
