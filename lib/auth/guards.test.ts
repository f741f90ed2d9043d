import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

// The session comes from next-auth and the interrupts from Next.js; both are replaced here by
// recorders so the guard's own decisions (who passes, who is redirected, who gets 403) are tested.
let session: unknown = null;
vi.mock("../auth", () => ({ auth: async () => session }));
let signedOutMarker: string | undefined;
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (name === "argus-signed-out" && signedOutMarker !== undefined ? { value: signedOutMarker } : undefined) }),
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`REDIRECT ${url}`);
  },
  forbidden: () => {
    throw new Error("FORBIDDEN");
  },
}));

const { getSessionAnalyst, requireRole, requireSession } = await import("./guards");

const analyst = (role: string) => ({ user: { id: "anl_1", email: "a@x.test", name: "A", role, accountId: "acc_1" } });

describe("guards", () => {
  beforeEach(() => {
    session = null;
    signedOutMarker = undefined;
  });

  it("ends a session that began before this browser signed out, even if its cookie came back", async () => {
    session = { ...analyst("analyst"), signedInAt: 1_000 };
    expect(await getSessionAnalyst()).not.toBeNull();
    signedOutMarker = "2000";
    expect(await getSessionAnalyst()).toBeNull();
    session = { ...analyst("analyst"), signedInAt: 3_000 };
    expect(await getSessionAnalyst()).not.toBeNull();
  });

  it("sends a signed-out visitor to the sign-in page", async () => {
    await expect(requireSession()).rejects.toThrow("REDIRECT /sign-in");
    await expect(requireRole("analyst")).rejects.toThrow("REDIRECT /sign-in");
  });

  it("treats a malformed session as signed out", async () => {
    session = { user: { id: "anl_1", email: "a@x.test", name: "A", role: "superuser", accountId: "acc_1" } };
    expect(await getSessionAnalyst()).toBeNull();
    session = { user: { email: "a@x.test" } };
    await expect(requireSession()).rejects.toThrow("REDIRECT");
  });

  it("lets a role through to pages of its level and below, and answers 403 above it", async () => {
    session = analyst("lead");
    await expect(requireRole("analyst")).resolves.toMatchObject({ id: "anl_1", role: "lead" });
    await expect(requireRole("lead")).resolves.toMatchObject({ role: "lead" });
    await expect(requireRole("admin")).rejects.toThrow("FORBIDDEN");

    session = analyst("analyst");
    await expect(requireRole("lead")).rejects.toThrow("FORBIDDEN");

    session = analyst("admin");
    await expect(requireRole("admin")).resolves.toMatchObject({ role: "admin" });
  });
});
