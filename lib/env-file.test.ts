import { describe, expect, it } from "vitest";
import { parseEnvFile } from "./env-file";

describe("parseEnvFile", () => {
  it("reads KEY=VALUE lines, skipping blanks and comments", () => {
    const text = ["# written by the API", "", "ARGUS_CONSOLE_LIVE_KEY=ak_live_abc", "  ARGUS_CONSOLE_TEST_KEY = ak_test_def  "].join("\n");
    expect(parseEnvFile(text)).toEqual({ ARGUS_CONSOLE_LIVE_KEY: "ak_live_abc", ARGUS_CONSOLE_TEST_KEY: "ak_test_def" });
  });

  it("handles quotes, escapes, export prefixes, CRLF and a BOM", () => {
    const text = '\uFEFFexport A="x \\"y\\"\\nz"\r\nB=\'lit $HOME \\n\'\r\nC=plain # comment\r\nD=abc#def\r\n';
    expect(parseEnvFile(text)).toEqual({ A: 'x "y"\nz', B: "lit $HOME \\n", C: "plain", D: "abc#def" });
  });

  it("keeps '=' inside values and skips malformed lines", () => {
    const text = ["SECRET=YWJj==", "no equals here", "=novalue", "1BAD=x", "bad-key=x"].join("\n");
    expect(parseEnvFile(text)).toEqual({ SECRET: "YWJj==" });
  });

  it("lets a later line win, like a shell would", () => {
    expect(parseEnvFile("A=1\nA=2")).toEqual({ A: "2" });
  });
});
