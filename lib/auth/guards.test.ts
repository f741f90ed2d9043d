import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

// The cookie's session comes from next-auth, the API's answer about it from lib/api, and the
// interrupts from Next.js; all three are replaced here by recorders so the guard's own decisions
// (who passes, who is redirected, who gets 403, whose role counts) are tested.
let session: unknown = null;
vi.mock("../auth", () => ({ auth: async () => session }));
/** The API's live sessions: id → the analyst's current role. */
const live = new Map<string, string>();
let apiDown = false;
vi.mock("../api/analysts", () => ({
  currentSession: async ({ id, sessionId }: { id: string; sessionId: string }) => {
    if (apiDown) throw new Error("unreachable");
    const role = live.get(sessionId);
    if (role === undefined) return null;
    return {
      object: "analyst_session",
      session_id: sessionId,
      analyst: { object: "analyst", id, account_id: "acc_1", email: "a@x.test", name: "A (from the API)", role, disabled: false },
    };
  },
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`REDIRECT ${url}`);
  },
  forbidden: () => {
    throw new Error("FORBIDDEN");
  },
}));

const { getSessionAnalyst, requireRole, requireSession, requireSessionClaims } = await import("./guards");

const cookieOf = (role: string, sessionId = "ses_1") => ({
  user: { id: "anl_1", email: "a@x.test", name: "A", role, accountId: "acc_1", sessionId },
});

describe("guards", () => {
  beforeEach(() => {
    session = null;
    live.clear();
    apiDown = false;
  });

  it("asks the API about the session on every request: one it has ended is signed out, whatever the cookie says", async () => {
    session = cookieOf("analyst");
    live.set("ses_1", "analyst");
    expect(await getSessionAnalyst()).toMatchObject({ id: "anl_1", sessionId: "ses_1", name: "A (from the API)" });
    live.delete("ses_1");
    expect(await getSessionAnalyst()).toBeNull();
    await expect(requireSession()).rejects.toThrow("REDIRECT /sign-in");
  });

  it("takes the role from the API, not from the cookie", async () => {
    session = cookieOf("admin");
    live.set("ses_1", "analyst");
    await expect(requireRole("admin")).rejects.toThrow("FORBIDDEN");
    await expect(requireRole("analyst")).resolves.toMatchObject({ role: "analyst" });
  });

  it("fails loudly, rather than signing out, when the API cannot be asked", async () => {
    session = cookieOf("analyst");
    apiDown = true;
    await expect(getSessionAnalyst()).rejects.toThrow("unreachable");
  });

  it("sends a signed-out visitor to the sign-in page", async () => {
    await expect(requireSession()).rejects.toThrow("REDIRECT /sign-in");
    await expect(requireRole("analyst")).rejects.toThrow("REDIRECT /sign-in");
  });

  it("treats a malformed session (or one from before sessions were kept by the API) as signed out", async () => {
    live.set("ses_1", "analyst");
    session = { user: { ...cookieOf("superuser").user } };
    expect(await getSessionAnalyst()).toBeNull();
    session = { user: { id: "anl_1", email: "a@x.test", name: "A", role: "analyst", accountId: "acc_1" } };
    expect(await getSessionAnalyst()).toBeNull();
    session = { user: { email: "a@x.test" } };
    await expect(requireSession()).rejects.toThrow("REDIRECT");
  });

  it("lets a role through to pages of its level and below, and answers 403 above it", async () => {
    session = cookieOf("lead");
    for (const role of ["lead", "analyst", "admin"]) {
      live.set("ses_1", role);
      await expect(requireRole("analyst")).resolves.toMatchObject({ id: "anl_1", role });
    }
    live.set("ses_1", "lead");
    await expect(requireRole("lead")).resolves.toMatchObject({ role: "lead" });
    await expect(requireRole("admin")).rejects.toThrow("FORBIDDEN");
    live.set("ses_1", "analyst");
    await expect(requireRole("lead")).rejects.toThrow("FORBIDDEN");
  });

  it("gives the cookie's analyst id without asking the API (reads start beside the check), and redirects without a cookie", async () => {
    session = cookieOf("analyst");
    apiDown = true;
    await expect(requireSessionClaims()).resolves.toEqual({ id: "anl_1" });
    // The check itself still asks, and a page waits for it before showing anything it read.
    await expect(requireSession()).rejects.toThrow("unreachable");
    session = null;
    await expect(requireSessionClaims()).rejects.toThrow("REDIRECT /sign-in");
    session = { user: { email: "a@x.test" } };
    await expect(requireSessionClaims()).rejects.toThrow("REDIRECT /sign-in");
  });
});
