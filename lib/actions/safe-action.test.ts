import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("server-only", () => ({}));

// The action layering is exercised for real (next-safe-action runs in Node); only the session and
// the environment cookie, which need a Next.js request, are supplied by the test.
let analyst: { id: string; email: string; name: string; role: "analyst" | "lead" | "admin"; accountId: string; sessionId: string } | null =
  null;
let environment: "production" | "pre-production" = "pre-production";
vi.mock("../auth/guards", () => ({ getSessionAnalyst: async () => analyst }));
vi.mock("../auth/environment", () => ({ getActiveEnvironment: async () => environment }));

const { ApiError } = await import("../api/errors");
const { assertEnvironment, authedAction } = await import("./safe-action");

const adminEcho = authedAction
  .metadata({ actionName: "test.adminEcho", minRole: "admin" })
  .inputSchema(z.object({ label: z.string().min(1), environment: z.enum(["production", "pre-production"]) }))
  .action(async ({ parsedInput, ctx }) => {
    assertEnvironment(ctx.environment, parsedInput.environment);
    return { label: parsedInput.label, by: ctx.analyst.id, environment: ctx.environment };
  });

const failing = (error: unknown) =>
  authedAction.metadata({ actionName: "test.failing" }).action(async () => {
    throw error;
  });

const as = (role: "analyst" | "lead" | "admin") => ({
  id: `anl_${role}`,
  email: `${role}@x.test`,
  name: role,
  role,
  accountId: "acc_1",
  sessionId: `ses_${role}`,
});

describe("authedAction", () => {
  beforeEach(() => {
    analyst = null;
    environment = "pre-production";
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("refuses a signed-out caller", async () => {
    const result = await adminEcho({ label: "x", environment: "pre-production" });
    expect(result.serverError).toMatchObject({ code: "unauthenticated", status: 401 });
    expect(result.data).toBeUndefined();
  });

  it("enforces the minimum role on the server", async () => {
    analyst = as("lead");
    expect((await adminEcho({ label: "x", environment: "pre-production" })).serverError).toMatchObject({ code: "forbidden", status: 403 });
    analyst = as("admin");
    expect((await adminEcho({ label: "x", environment: "pre-production" })).data).toEqual({
      label: "x",
      by: "anl_admin",
      environment: "pre-production",
    });
  });

  it("validates input with zod, after the session check", async () => {
    analyst = as("admin");
    const result = await adminEcho({ label: "", environment: "pre-production" });
    expect(result.validationErrors?.fieldErrors.label?.[0]).toBeTruthy();
  });

  it("refuses a change meant for the other environment", async () => {
    analyst = as("admin");
    environment = "production";
    expect((await adminEcho({ label: "x", environment: "pre-production" })).serverError).toMatchObject({
      code: "environment_changed",
      status: 409,
    });
  });

  it("maps API errors to their message and request id", async () => {
    analyst = as("analyst");
    const result = await failing(
      new ApiError({ status: 422, code: "unprocessable", message: "Already exists.", param: "email", requestId: "req_42" }),
    )();
    expect(result.serverError).toEqual({
      message: "Already exists.",
      code: "unprocessable",
      status: 422,
      param: "email",
      requestId: "req_42",
    });
  });

  it("hides unexpected errors behind a generic message", async () => {
    analyst = as("analyst");
    const result = await failing(new Error("ECONNRESET at internal-host:5432 secret=abc"))();
    expect(result.serverError?.message).not.toMatch(/internal-host|secret/);
    expect(result.serverError).toMatchObject({ code: "console_error", status: 500 });
  });
});
