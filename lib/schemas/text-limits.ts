// The API's limit on every text a console form sends, in one place: the forms' counters, their
// zod schemas and the server actions read them from here. Each is the `maxLength` of the request
// field in the API's document (the API refuses more with 400 invalid_field_value naming the field
// and the limit); nothing is ever cut to fit. Spelt out rather than read from the generated
// validators, which would ship with every form to the browser; text-limits.test.ts checks each
// against them.

export const TEXT_LIMITS = {
  /** POST /v1/cases `title` (a case opened from an alert takes the alert's summary). */
  caseTitle: 200,
  /** POST and PATCH /v1/cases `notes`. */
  caseNote: 5000,
  /** PATCH /v1/alerts/{id} `resolution_notes`. */
  alertResolutionNotes: 5000,
  /** POST /v1/decisions `notes`, transactions and screenings alike. */
  decisionNotes: 1000,
  /** POST and PATCH /v1/webhooks `url`. */
  webhookUrl: 2048,
  /** POST and PATCH /v1/webhooks `description`. */
  webhookDescription: 500,
  /** POST /api/v1/api-keys `label`. */
  apiKeyLabel: 100,
  /** POST /api/v1/analysts `name`. */
  analystName: 200,
  /** The rules of PUT /api/v1/policies: `rules[].name`. */
  ruleName: 100,
  /** POST /api/v1/quality-reviews/{id}/submit `notes`. */
  qualityReviewNotes: 5000,
} as const;

const numberFormat = new Intl.NumberFormat("en-GB");

/**
 * How long a text is as the API counts it: what the form sends (trimmed, as every form trims),
 * in UTF-16 code units, as zod's `.max()` on the API counts (an emoji is two).
 */
export function sentLength(value: string): number {
  return value.trim().length;
}

export type TextCount = {
  length: number;
  max: number;
  over: boolean;
  /** "123 / 5,000". */
  counter: string;
  /** "1 character too many" when over; null otherwise. */
  excess: string | null;
};

export function countText(value: string, max: number): TextCount {
  const length = sentLength(value);
  const over = length > max;
  const extra = length - max;
  return {
    length,
    max,
    over,
    counter: `${numberFormat.format(length)} / ${numberFormat.format(max)}`,
    excess: over ? `${numberFormat.format(extra)} character${extra === 1 ? "" : "s"} too many` : null,
  };
}

export function overLimit(value: string, max: number): boolean {
  return sentLength(value) > max;
}

/**
 * Text the console writes itself from someone else's (a case title from an alert's summary) made
 * to fit `max`, visibly: cut at a character boundary and ended with "…", never silently short.
 */
export function fitText(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = value.slice(0, max - 1);
  // Not half of a surrogate pair: the API refuses an unpaired surrogate.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The refusal a form shows (and the action returns) for text over `max`. */
export function tooLongMessage(max: number): string {
  return `At most ${numberFormat.format(max)} characters.`;
}

/** Where a text stands against its limit: far from it, within a tenth of it (at least 10), over it. */
export function limitState({ length, max, over }: TextCount): "ok" | "near" | "over" {
  if (over) return "over";
  return max - length <= Math.max(10, Math.floor(max / 10)) ? "near" : "ok";
}

/**
 * What a screen reader hears when the state changes (and only then, so typing is not narrated):
 * nothing while far from the limit, the room left once near it, the excess once over it.
 */
export function limitAnnouncement(count: TextCount): string {
  const state = limitState(count);
  if (state === "over") return `${count.excess}: the limit is ${numberFormat.format(count.max)}. Shorten the text to send it.`;
  return state === "near" ? `${numberFormat.format(count.max - count.length)} characters left.` : "";
}
