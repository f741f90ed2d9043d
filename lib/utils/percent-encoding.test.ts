import { describe, expect, it } from "vitest";
import { hasMalformedEncoding } from "./percent-encoding";

describe("hasMalformedEncoding", () => {
  it("finds bytes that are not UTF-8, cut sequences, a lone % and encoded surrogates", () => {
    for (const path of ["/transactions/%FF", "/cases/%E0%A4%A", "/alerts/%", "/x/%C0%AF", "/a/b%ZZ/c", "/a/%ED%A0%80"])
      expect(hasMalformedEncoding(path), path).toBe(true);
  });

  it("accepts plain and well-encoded paths", () => {
    for (const path of ["/", "/cases/case_01", "/cases/%E2%82%AC", "/users/a%2Fb", "/x/%F0%9F%98%80", "/a%20b"])
      expect(hasMalformedEncoding(path), path).toBe(false);
  });
});
