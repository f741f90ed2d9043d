import { decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { CONSOLE_TOKEN_AUDIENCE, CONSOLE_TOKEN_ISSUER, CONSOLE_TOKEN_TTL_SECONDS, mintConsoleToken } = await import("./token");

const secret = "s".repeat(43);
const key = new TextEncoder().encode(secret);

describe("mintConsoleToken", () => {
  it("mints an HS256 token the API's checks accept (issuer, audience, subject, session, account, short expiry)", async () => {
    const token = await mintConsoleToken(secret, { kind: "analyst", id: "anl_123", sessionId: "ses_1", accountId: "acc_1" });
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
    // The same options as server/http/console-auth.ts.
    const { payload } = await jwtVerify(token, key, {
      issuer: "argus-console",
      audience: "argus-api",
      algorithms: ["HS256"],
      maxTokenAge: "15m",
      requiredClaims: ["sub", "exp", "iat"],
    });
    expect(payload.sub).toBe("anl_123");
    expect(payload.sid).toBe("ses_1");
    expect(payload.role).toBeUndefined();
    expect(payload.account_id).toBe("acc_1");
    expect(payload.exp! - payload.iat!).toBe(CONSOLE_TOKEN_TTL_SECONDS);
    expect(CONSOLE_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect([CONSOLE_TOKEN_ISSUER, CONSOLE_TOKEN_AUDIENCE]).toEqual(["argus-console", "argus-api"]);
  });

  it("uses sub 'console' for the console's own calls, with its account and no session", async () => {
    const token = await mintConsoleToken(secret, { kind: "console", accountId: "acc_1" });
    const { payload } = await jwtVerify(token, key, { issuer: "argus-console", audience: "argus-api" });
    expect(payload.sub).toBe("console");
    expect(payload.account_id).toBe("acc_1");
    expect(payload.sid).toBeUndefined();
  });

  it("is refused with another secret and once expired", async () => {
    const token = await mintConsoleToken(secret, { kind: "analyst", id: "anl_1", sessionId: "ses_1", accountId: "acc_1" });
    await expect(jwtVerify(token, new TextEncoder().encode("x".repeat(43)))).rejects.toThrow();

    const old = await mintConsoleToken(
      secret,
      { kind: "analyst", id: "anl_1", sessionId: "ses_1", accountId: "acc_1" },
      Date.now() - (CONSOLE_TOKEN_TTL_SECONDS + 60) * 1000,
    );
    await expect(jwtVerify(old, key, { issuer: "argus-console", audience: "argus-api" })).rejects.toThrow(/exp/);
  });
});
