import { describe, expect, it } from "vitest";
import { CreateWebhookInputSchema, normaliseEvents, UpdateWebhookInputSchema, urlProblem, webhookPatch } from "./webhook";
import { describeEvents, endpointState } from "../format/webhook";

const endpoint = {
  url: "https://example.com/hook",
  events: ["alert.triggered", "case.updated"],
  description: "Ops",
  status: "enabled" as const,
};

describe("urlProblem", () => {
  it("accepts absolute http(s) URLs and leaves address checks to the API", () => {
    expect(urlProblem("https://example.com/argus")).toBeNull();
    expect(urlProblem("http://127.0.0.1:4799/hook")).toBeNull();
  });
  it("refuses what the API would refuse by shape alone", () => {
    expect(urlProblem("example.com/hook")).toMatch(/absolute URL/);
    expect(urlProblem("ftp://example.com")).toMatch(/https/);
    expect(urlProblem("https://user:pw@example.com")).toMatch(/user name or password/);
  });
});

describe("CreateWebhookInputSchema", () => {
  it("needs a URL and at least one event, and trims", () => {
    const result = CreateWebhookInputSchema.safeParse({ url: "  ", events: [] });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["url", "events"]));
    expect(CreateWebhookInputSchema.parse({ url: " https://example.com/h ", events: ["*"] })).toEqual({
      url: "https://example.com/h",
      events: ["*"],
      description: "",
    });
  });
  it("refuses event types outside the catalogue and over-long descriptions", () => {
    expect(CreateWebhookInputSchema.safeParse({ url: "https://e.com", events: ["payment.made"] }).success).toBe(false);
    expect(CreateWebhookInputSchema.safeParse({ url: "https://e.com", events: ["*"], description: "x".repeat(501) }).success).toBe(false);
  });
});

describe("normaliseEvents", () => {
  it("keeps * alone, drops duplicates and orders by the catalogue", () => {
    expect(normaliseEvents(["case.updated", "*"])).toEqual(["*"]);
    expect(normaliseEvents(["transaction.blocked", "case.updated", "case.updated"])).toEqual(["case.updated", "transaction.blocked"]);
    expect(normaliseEvents(["future.event", "case.updated"])).toEqual(["case.updated", "future.event"]);
  });
});

describe("webhookPatch", () => {
  it("is empty when nothing changed (event order does not matter)", () => {
    expect(
      webhookPatch(endpoint, {
        url: "https://example.com/hook ",
        events: ["case.updated", "alert.triggered"],
        description: "Ops",
        status: "enabled",
      }),
    ).toEqual({});
  });
  it("sends only the changed fields; an emptied description is sent as empty (cleared by the action)", () => {
    expect(webhookPatch(endpoint, { url: endpoint.url, events: ["*"], description: "", status: "disabled" })).toEqual({
      events: ["*"],
      description: "",
      status: "disabled",
    });
    expect(
      webhookPatch(
        { ...endpoint, description: null },
        { url: "https://other.example/h", events: endpoint.events, description: "", status: "enabled" },
      ),
    ).toEqual({
      url: "https://other.example/h",
    });
  });
  it("produces input the update schema accepts", () => {
    const patch = webhookPatch(endpoint, { url: endpoint.url, events: ["transaction.flagged"], description: "Ops", status: "enabled" });
    expect(UpdateWebhookInputSchema.safeParse({ id: "we_1", version: 1, ...patch }).success).toBe(true);
  });
});

describe("endpointState", () => {
  it("tells automatic disabling (a reason) from disabling on request (none)", () => {
    expect(endpointState({ status: "enabled", disabled_reason: null, disabled_at: null })).toEqual({ kind: "enabled" });
    expect(endpointState({ status: "disabled", disabled_reason: null, disabled_at: "2026-11-20T10:00:00Z" })).toEqual({
      kind: "disabled_by_request",
      since: "2026-11-20T10:00:00Z",
    });
    expect(endpointState({ status: "disabled", disabled_reason: "Every delivery failed", disabled_at: "2026-11-20T10:00:00Z" })).toEqual({
      kind: "auto_disabled",
      since: "2026-11-20T10:00:00Z",
      reason: "Every delivery failed",
    });
  });
});

describe("describeEvents", () => {
  it("words the subscription", () => {
    expect(describeEvents(["*"])).toBe("All events");
    expect(describeEvents(["case.updated", "alert.triggered"])).toBe("case.updated, alert.triggered");
  });
});
