import { describe, expect, it } from "vitest";
import { describeEvidence } from "./signals";

describe("describeEvidence", () => {
  it("says a card-testing alert's evidence in plain words", () => {
    const lines = describeEvidence({ ip: "203.0.113.7", distinct_cards: 12, small_share: 0.92, mostly_small: true, window_minutes: 10 });
    expect(lines.map((l) => `${l.label}: ${l.value}`)).toEqual([
      "IP address: 203.0.113.7",
      "Different cards: 12",
      "Share of small-amount attempts: 92%",
      "Mostly small amounts (card testing): Yes",
      "Time window: 10 minutes",
    ]);
  });

  it("names what identity abuse shares with the same words as the signals", () => {
    expect(describeEvidence({ shared: "document", user_ids: 4 }).map((l) => l.value)).toEqual(["Identity document", "4"]);
  });

  it("keeps an unknown key, humanised, with its raw value", () => {
    expect(describeEvidence({ new_thing: { a: 1 } })).toEqual([{ key: "new_thing", label: "New thing", value: '{"a":1}', known: false }]);
  });
});
