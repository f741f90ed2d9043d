import { createSerializer } from "nuqs/server";
import { describe, expect, it } from "vitest";
import {
  eventFiltersFromParams,
  eventSearchParams,
  fromMinuteInput,
  hasEventFilters,
  idFilter,
  loadEventSearchParams,
  pageSizeOf,
  toApiInstant,
  toMinuteInput,
} from "./event-search-params";

const none = { event_type: null, transaction_id: null, user_id: null, start_time: null, end_time: null, limit: null };

describe("loadEventSearchParams", () => {
  it("reads every filter of GET /v1/events from the URL", () => {
    const params = loadEventSearchParams(
      "?event_type=transaction.blocked&transaction_id=txn_1&user_id=u%2B1&start_time=2026-11-20T10:00:00Z&end_time=2026-11-21T10:00:59Z&limit=50&cursor=a,b&event=evt_9",
    );
    expect(params.event_type).toBe("transaction.blocked");
    expect(params.transaction_id).toBe("txn_1");
    expect(params.user_id).toBe("u+1");
    expect(params.start_time?.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(params.end_time?.toISOString()).toBe("2026-11-21T10:00:59.000Z");
    expect(params.limit).toBe(50);
    expect(params.cursor).toEqual(["a", "b"]);
    expect(params.event).toBe("evt_9");
  });

  it("drops values it cannot parse instead of failing the page", () => {
    const params = loadEventSearchParams("?event_type=nope&start_time=yesterday&limit=many");
    expect(params.event_type).toBeNull();
    expect(params.start_time).toBeNull();
    expect(params.limit).toBeNull();
  });

  it("makes the deep link other pages build", () => {
    const serialize = createSerializer(eventSearchParams);
    expect(serialize("/events", { transaction_id: "txn_01abc" })).toBe("/events?transaction_id=txn_01abc");
  });
});

describe("eventFiltersFromParams", () => {
  it("sends nothing without filters", () => {
    expect(eventFiltersFromParams(none)).toEqual({
      event_type: undefined,
      transaction_id: undefined,
      user_id: undefined,
      start_time: undefined,
      end_time: undefined,
    });
    expect(hasEventFilters(none)).toBe(false);
  });

  it("writes instants to the second as the API does, and trims ids", () => {
    const filters = eventFiltersFromParams({
      ...none,
      event_type: "decision.submitted",
      transaction_id: "  txn_1 ",
      user_id: "   ",
      start_time: new Date("2026-11-20T10:00:00.000Z"),
      end_time: new Date("2026-11-20T10:05:59.000Z"),
    });
    expect(filters).toEqual({
      event_type: "decision.submitted",
      transaction_id: "txn_1",
      user_id: undefined,
      start_time: "2026-11-20T10:00:00Z",
      end_time: "2026-11-20T10:05:59Z",
    });
  });

  it("counts a single filter as filtered", () => {
    expect(hasEventFilters({ ...none, user_id: "u1" })).toBe(true);
  });
});

describe("helpers", () => {
  it("idFilter treats blank as no filter", () => {
    expect(idFilter("")).toBeUndefined();
    expect(idFilter(null)).toBeUndefined();
    expect(idFilter(" x ")).toBe("x");
  });

  it("pageSizeOf keeps 1–100 and defaults to 20", () => {
    expect(pageSizeOf(null)).toBe(20);
    expect(pageSizeOf(100)).toBe(100);
    expect(pageSizeOf(0)).toBe(20);
    expect(pageSizeOf(101)).toBe(20);
    expect(pageSizeOf(2.5)).toBe(20);
  });

  it("toApiInstant drops milliseconds and invalid dates", () => {
    expect(toApiInstant(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05Z");
    expect(toApiInstant(new Date("nope"))).toBeUndefined();
    expect(toApiInstant(null)).toBeUndefined();
  });

  it("reads datetime-local values as UTC, a start at :00 and an end at :59", () => {
    expect(fromMinuteInput("2026-11-20T10:05", "start")?.toISOString()).toBe("2026-11-20T10:05:00.000Z");
    expect(fromMinuteInput("2026-11-20T10:05", "end")?.toISOString()).toBe("2026-11-20T10:05:59.000Z");
    expect(fromMinuteInput("2026-11-20T10:05:30", "end")?.toISOString()).toBe("2026-11-20T10:05:30.000Z");
    expect(fromMinuteInput("", "start")).toBeNull();
    expect(fromMinuteInput("garbage", "end")).toBeNull();
  });

  it("shows an instant in the input to the minute, in UTC", () => {
    expect(toMinuteInput(new Date("2026-11-20T10:05:59Z"))).toBe("2026-11-20T10:05");
    expect(toMinuteInput(null)).toBe("");
  });
});
