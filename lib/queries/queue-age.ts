// The queues' "older than" filter (`?age=24h`): the list's created-before bound (`end_time`),
// computed when the page is read, so a saved view's age stays relative to now.

export const queueAges = ["1h", "24h", "3d", "7d"] as const;
export type QueueAge = (typeof queueAges)[number];

export const queueAgeLabels: Record<QueueAge, string> = {
  "1h": "Older than 1 h",
  "24h": "Older than 24 h",
  "3d": "Older than 3 days",
  "7d": "Older than 7 days",
};

const seconds: Record<QueueAge, number> = { "1h": 3600, "24h": 86_400, "3d": 259_200, "7d": 604_800 };

/** The instant an item must be created at or before to be older than `age` (ISO 8601, to the second). */
export function createdBefore(age: QueueAge, now: Date = new Date()): string {
  return new Date(Math.floor(now.getTime() / 1000) * 1000 - seconds[age] * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The earlier of two ISO bounds (either may be absent). */
export function earlierBound(a: string | undefined, b: string | undefined): string | undefined {
  if (!a || !b) return a ?? b;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}
