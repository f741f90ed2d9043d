import { describe, expect, it } from "vitest";
import { fieldErrorsOf, fieldForParam, mergeFieldErrors } from "./field-errors";

describe("fieldErrorsOf", () => {
  it("keys the first message of each path", () => {
    expect(
      fieldErrorsOf([
        { path: ["url"], message: "a" },
        { path: ["url"], message: "b" },
        { path: ["rules", 2, "when"], message: "c" },
      ]),
    ).toEqual({ url: "a", "rules.2.when": "c" });
  });
});

describe("fieldForParam", () => {
  it("finds the longest known field the API's param is under", () => {
    const known = ["rules", "rules.0", "rules.1", "score_bands.block"];
    expect(fieldForParam("rules.1.when.signals_all.3", known)).toBe("rules.1");
    expect(fieldForParam("score_bands.block", known)).toBe("score_bands.block");
    expect(fieldForParam("retention_days", known)).toBeNull();
    expect(fieldForParam(undefined, known)).toBeNull();
  });
});

describe("mergeFieldErrors", () => {
  it("prefers the client's errors, else places the API's refusal on its field", () => {
    expect(mergeFieldErrors({ url: "x" }, { message: "refused", param: "url" }, ["url"])).toEqual({ url: "x" });
    expect(
      mergeFieldErrors({}, { message: "url resolves to 10.0.0.1, a private address", param: "url", requestId: "req_1" }, ["url"]),
    ).toEqual({
      url: "url resolves to 10.0.0.1, a private address",
    });
    expect(mergeFieldErrors({}, { message: "boom" }, ["url"])).toEqual({});
  });
});
