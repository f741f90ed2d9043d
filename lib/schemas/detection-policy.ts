import { z } from "zod";

// The detection engine's thresholds of one environment (`GET/PUT /api/v1/policies/detection`).
// One table describes every field (label, unit, range) and both the form and the zod schema are
// built from it, so they cannot disagree; the ranges are the API's (detection-policies/routes.ts).

type NumberField = { key: string; label: string; hint: string; min: number; max: number; integer: boolean; step?: number };
type DetectorInfo = { name: DetectorName; label: string; description: string; fields: readonly NumberField[] };

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

function numberSchema(field: NumberField) {
  const message = `Enter ${field.integer ? "a whole number" : "a number"} from ${field.min} to ${field.max}.`;
  let schema = z.number({ error: message }).min(field.min, { error: message }).max(field.max, { error: message });
  if (field.integer) schema = schema.int({ error: message });
  return schema;
}

function detectorSchema(info: DetectorInfo) {
  const shape: Record<string, z.ZodType> = { enabled: z.boolean() };
  for (const field of info.fields) shape[field.key] = numberSchema(field);
  return z.object(shape).strict();
}

export type DetectorThresholds = Record<string, number | boolean>;
export type DetectionThresholds = Record<DetectorName, DetectorThresholds>;

/** Every detector with every field: what the console sends (the API keeps what differs from the defaults). */
export const DetectionThresholdsInputSchema = z.object(
  Object.fromEntries(detectors.map((info) => [info.name, detectorSchema(info)])) as unknown as Record<
    DetectorName,
    z.ZodType<DetectorThresholds>
  >,
);

/** The editor's draft: each threshold as typed, each switch on or off. */
export type DetectionDraft = Record<DetectorName, Record<string, string | boolean>>;

function detectorFormSchema(info: DetectorInfo) {
  const shape: Record<string, z.ZodType> = { enabled: z.boolean() };
  for (const field of info.fields) shape[field.key] = z.string().transform(parseNumberInput).pipe(numberSchema(field));
  return z.object(shape);
}

/** The editor's form: the draft judged as the thresholds it stands for, each error on its field. */
export const DetectionFormSchema = z.object(
  Object.fromEntries(detectors.map((info) => [info.name, detectorFormSchema(info)])) as unknown as Record<
    DetectorName,
    z.ZodType<DetectorThresholds, Record<string, string | boolean>>
  >,
);

export const UpdateDetectionPolicyInputSchema = z.object({
  version: z.number().int().min(0),
  detectors: DetectionThresholdsInputSchema,
});

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
