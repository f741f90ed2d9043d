// The detection thresholds' table and the editor's helpers, without zod: the editor shows them at
// first paint; the schemas built from the same table (detection-policy.ts) load on validation.

export type NumberField = { key: string; label: string; hint: string; min: number; max: number; integer: boolean; step?: number };
export type DetectorInfo = { name: DetectorName; label: string; description: string; fields: readonly NumberField[] };

export const detectorNames = ["card_testing", "velocity_spike", "new_device_cluster", "ato_pattern", "identity_abuse"] as const;
export type DetectorName = (typeof detectorNames)[number];

const count = (key: string, label: string, hint: string): NumberField => ({ key, label, hint, min: 2, max: 100_000, integer: true });
const minutes = (key: string, label: string, hint: string, max: number): NumberField => ({ key, label, hint, min: 1, max, integer: true });

export const detectors: readonly DetectorInfo[] = [
  {
    name: "card_testing",
    label: "Card testing",
    description: "Many distinct cards from one IP or device in a short window, mostly small amounts.",
    fields: [
      count("distinct_cards", "Distinct cards", "From one IP or one device."),
      minutes("window_minutes", "Window (minutes)", "1 to 60.", 60),
      {
        key: "small_amount",
        label: "Small amount (minor units)",
        hint: "An attempt at or below this counts as small.",
        min: 1,
        max: 1_000_000_000,
        integer: true,
      },
      {
        key: "small_share",
        label: "Share of small attempts",
        hint: "0 to 1, e.g. 0.7 = 70 %.",
        min: 0,
        max: 1,
        integer: false,
        step: 0.05,
      },
    ],
  },
  {
    name: "velocity_spike",
    label: "Velocity spike",
    description: "Bursts of scores for one user or card, or account-wide volume far above its hourly baseline.",
    fields: [
      count("scores", "Scores per user or card", "Live scores within the window."),
      minutes("window_minutes", "Window (minutes)", "1 to 60; also the account-wide window.", 60),
      {
        key: "account_multiplier",
        label: "Account volume multiplier",
        hint: "Times the hourly baseline, 1 to 1,000.",
        min: 1,
        max: 1000,
        integer: false,
        step: 0.5,
      },
      {
        key: "account_min_scores",
        label: "Account volume floor",
        hint: "At least this many scores in the window.",
        min: 1,
        max: 10_000_000,
        integer: true,
      },
    ],
  },
  {
    name: "new_device_cluster",
    label: "New device cluster",
    description: "Several users on one newly seen device or IP.",
    fields: [
      count("distinct_users", "Distinct users", "On one new device or IP."),
      minutes("window_minutes", "Window (minutes)", "1 to 1,440.", 1440),
      {
        key: "new_within_hours",
        label: "New within (hours)",
        hint: "First seen at most this long ago, 1 to 2,160.",
        min: 1,
        max: 24 * 90,
        integer: true,
      },
    ],
  },
  {
    name: "ato_pattern",
    label: "Account takeover pattern",
    description: "An account change from a new device followed by an unusually large payment, for several users.",
    fields: [
      count("users", "Users with the sequence", "Distinct users."),
      minutes("follow_minutes", "Follow-up within (minutes)", "Account change → large score, 1 to 1,440.", 1440),
      {
        key: "amount_multiplier",
        label: "Amount multiplier",
        hint: "Times the user's average amount, 1 to 1,000.",
        min: 1,
        max: 1000,
        integer: false,
        step: 0.5,
      },
      {
        key: "window_hours",
        label: "Window (hours)",
        hint: "Sequences this close together count together, 1 to 720.",
        min: 1,
        max: 24 * 30,
        integer: true,
      },
    ],
  },
  {
    name: "identity_abuse",
    label: "Identity abuse",
    description: "One document, phone number or address used by several user ids.",
    fields: [count("user_ids", "User ids", "On one document, phone or address.")],
  },
];

export type DetectorThresholds = Record<string, number | boolean>;
export type DetectionThresholds = Record<DetectorName, DetectorThresholds>;

/** The editor's draft: each threshold as typed, each switch on or off. */
export type DetectionDraft = Record<DetectorName, Record<string, string | boolean>>;

function formatValue(value: number | boolean | undefined): string {
  if (typeof value === "boolean") return value ? "on" : "off";
  return value === undefined ? "—" : String(value);
}

/** One line per changed threshold, for the confirmation before saving. */
export function detectionChanges(current: DetectionThresholds, draft: DetectionThresholds): string[] {
  const lines: string[] = [];
  for (const info of detectors) {
    const before = current[info.name] ?? {};
    const after = draft[info.name] ?? {};
    if (before.enabled !== after.enabled) lines.push(`${info.label}: ${after.enabled ? "switch on" : "switch off"}`);
    for (const field of info.fields) {
      if (before[field.key] !== after[field.key])
        lines.push(`${info.label}, ${field.label.toLowerCase()}: ${formatValue(before[field.key])} → ${formatValue(after[field.key])}`);
    }
  }
  return lines;
}

/** Form text → number: empty or not a number is NaN, which the schema reports as a field error. */
export function parseNumberInput(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}
