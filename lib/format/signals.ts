import type { Signal } from "../api/wire";

// Risk signals in plain words, for analysts who do not read the engine's catalogue. The catalogue
// (served by `GET /api/v1/policies/signals`, server/domain/scoring/README.md) gives names, weights,
// points and the exact trigger with its thresholds; these sentences say what a signal means and
// leave the numbers to the served trigger, shown beside them, so they cannot drift from the
// engine. The API may add signals at any time, so an unknown name still gets a sensible sentence.

/** The weights the API documents for a signal. */
export type SignalWeight = Signal["weight"];

export type SignalExplanation = {
  /** Short human title, e.g. "High velocity". */
  title: string;
  /** What happened, in one or two plain sentences. */
  summary: string;
  /** Whether the signal raises or lowers the risk. */
  direction: "raises" | "lowers";
  /** Known to the console (false: the fallback sentence for a name it has never seen). */
  known: boolean;
};

type Entry = { title: string; summary: string };

const CATALOGUE: Record<string, Entry> = {
  velocity_high: {
    title: "Very high velocity",
    summary:
      "This user, card or IP address was scored many times within minutes. Bursts like this are typical of card testing and scripted fraud.",
  },
  velocity_elevated: {
    title: "Elevated velocity",
    summary:
      "More activity than usual from this user, card or IP address within minutes or the last hour, though below the very-high threshold.",
  },
  device_velocity_high: {
    title: "Busy device",
    summary: "The device behind this session was used for many payments within minutes.",
  },
  user_many_cards: {
    title: "Many cards for one user",
    summary: "This user paid with several different cards within a day, a common sign of someone trying stolen cards.",
  },
  card_many_users: {
    title: "Card shared by several users",
    summary: "This card was used by several different user accounts within a day. One card normally belongs to one customer.",
  },
  ip_many_users: {
    title: "IP address shared by many users",
    summary: "Several different users paid from this IP address within an hour.",
  },
  device_many_users: {
    title: "Device shared by many users",
    summary: "Several different user accounts used this device within a day, a strong sign of account farming or takeover.",
  },
  email_many_users: {
    title: "E-mail shared by several users",
    summary: "This e-mail address appears on several user accounts within a month.",
  },
  new_user: {
    title: "New customer",
    summary:
      "This is the user's first payment, apart from any that were blocked or labelled fraud, so there is no good history to compare with.",
  },
  amount_unusual_for_user: {
    title: "Unusual amount",
    summary:
      "The amount is well above this user's average and above anything they spent before in this currency (blocked and fraudulent payments left out).",
  },
  email_seen_before: {
    title: "Known e-mail",
    summary:
      "The user paid with this e-mail address before, and none of their payments with it was blocked or labelled fraud. This lowers the risk.",
  },
  email_new_for_user: {
    title: "New e-mail for this user",
    summary: "The user has paid before, but never with this e-mail address. An e-mail change can accompany an account takeover.",
  },
  email_disposable: {
    title: "Disposable e-mail",
    summary: "The e-mail address belongs to a throwaway mail service, often used to avoid being traced.",
  },
  bin_prepaid: {
    title: "Prepaid card",
    summary: "The card's number range (BIN) belongs to prepaid cards, which are harder to trace to a person.",
  },
  bin_unknown: {
    title: "Unknown card number range",
    summary: "No card network issues cards starting with these digits, so the card number may be invented.",
  },
  card_expired: {
    title: "Expired card",
    summary: "The card's expiry date is in the past. A real cardholder's payment would normally be declined for this.",
  },
  ip_proxy_detected: {
    title: "Proxy, VPN or Tor",
    summary: "The IP address is in a proxy, VPN, Tor or hosting range loaded for this account, which hides where the customer really is.",
  },
  ip_reserved: {
    title: "Non-public IP address",
    summary: "The IP address is private, loopback or otherwise not routable on the internet, so it cannot be the customer's real address.",
  },
  merchant_high_risk_category: {
    title: "High-risk merchant category",
    summary:
      "The merchant sells something fraudsters favour: cash equivalents, money transfer, gambling, crypto, gift cards or stored value.",
  },
  device_trusted: {
    title: "Trusted device",
    summary:
      "This device was seen before on the account and was never linked to a block (other than one an analyst marked a false positive) or confirmed fraud. This lowers the risk.",
  },
  device_new: {
    title: "New device",
    summary: "This is the first session from this device on the account.",
  },
  device_flagged: {
    title: "Flagged device",
    summary:
      "This device is linked to an earlier blocked or confirmed-fraud payment (blocks an analyst marked false positives do not count).",
  },
  device_automation: {
    title: "Automated browser",
    summary: "The session came from a headless or automated browser (such as WebDriver or Puppeteer), not a person.",
  },
  device_context_mismatch: {
    title: "Session opened from another site",
    summary: "The device session was opened from a different website than the page it claims to be on.",
  },
  session_user_mismatch: {
    title: "Session of another user",
    summary: "The device session was opened for a different user than the one paying.",
  },
  device_session_expired: {
    title: "Expired device session",
    summary: "The device session had expired, so no device checks could be made for this payment.",
  },
  identity_verified: {
    title: "Identity verified",
    summary: "The user's latest identity verification passed every check, which lowers the risk.",
  },
  identity_failed: {
    title: "Identity verification failed",
    summary: "The user's latest identity verification failed one of its checks (age, document, address, phone or consistency).",
  },
  identity_flagged: {
    title: "Identity flagged",
    summary:
      "The user's latest identity verification was flagged: a watchlist match, a link to confirmed fraud, or identity details reused by other users.",
  },
  fraud_history_user: {
    title: "User with confirmed fraud",
    summary: "This user has an earlier payment that an analyst confirmed as fraud.",
  },
  blocklist_card: {
    title: "Blocklisted card",
    summary: "The card (first six and last four digits) is on the account's blocklist.",
  },
  blocklist_email: {
    title: "Blocklisted e-mail",
    summary: "The e-mail address is on the account's blocklist.",
  },
  blocklist_device: {
    title: "Blocklisted device",
    summary: "The device is on the account's blocklist.",
  },
  blocklist_ip: {
    title: "Blocklisted IP address",
    summary: "The IP address is on the account's blocklist.",
  },
};

export const weightLabels: Record<SignalWeight, string> = { low_risk: "Reassuring", medium_risk: "Medium risk", high_risk: "High risk" };

export function weightLabel(weight: string): string {
  return weightLabels[weight as SignalWeight] ?? humanise(weight);
}

/** "ip_proxy_detected" → "Ip proxy detected": a readable title for a name the console does not know. */
export function humanise(name: string): string {
  const words = name.replace(/[_\-.]+/g, " ").trim();
  if (words === "") return "Unnamed signal";
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The plain-language explanation of one signal. Unknown names fall back to the catalogue's own
 * trigger text when the API gave one (`trigger` from /api/v1/policies/signals or the assessment's
 * `detail`), else to a sentence built from the name and weight.
 */
export function explainSignal(signal: { name: string; weight: string }, fallbackText?: string | null): SignalExplanation {
  const direction = signal.weight === "low_risk" ? "lowers" : "raises";
  const entry = CATALOGUE[signal.name];
  if (entry) return { ...entry, direction, known: true };
  const trigger = fallbackText?.trim();
  const summary = trigger
    ? `${sentence(trigger)}`
    : direction === "lowers"
      ? `The engine reported “${signal.name}”, which it counts as reassuring. The console has no description of this signal yet.`
      : `The engine reported “${signal.name}” (${weightLabel(signal.weight).toLowerCase()}). The console has no description of this signal yet.`;
  return { title: humanise(signal.name), summary, direction, known: false };
}

/** "the IP is on the blocklist" → "The IP is on the blocklist." */
function sentence(text: string): string {
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** "+45 points", "−15 points", "0 points": a signed contribution to the 0–100 score. */
export function formatPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  const magnitude = Math.abs(rounded).toLocaleString("en-GB", { maximumFractionDigits: 1 });
  const unit = Math.abs(rounded) === 1 ? "point" : "points";
  if (rounded > 0) return `+${magnitude} ${unit}`;
  if (rounded < 0) return `−${magnitude} ${unit}`;
  return `0 ${unit}`;
}

const weightOrder: Record<string, number> = { high_risk: 0, medium_risk: 1, low_risk: 2 };

/** Strongest first: by points when known, else high, medium, then reassuring signals. */
export function sortSignals<T extends { name: string; weight: string; points?: number }>(signals: readonly T[]): T[] {
  return [...signals].sort((a, b) => {
    if (a.points !== undefined && b.points !== undefined && a.points !== b.points) return b.points - a.points;
    const byWeight = (weightOrder[a.weight] ?? 1) - (weightOrder[b.weight] ?? 1);
    return byWeight !== 0 ? byWeight : a.name.localeCompare(b.name);
  });
}

/** Every name the console can explain (for tests: the catalogue must not drift from the API's). */
export const knownSignalNames: readonly string[] = Object.keys(CATALOGUE);

// An alert's evidence in plain words, in the same catalogue as the signals: the detectors count
// the things the signals weigh (cards, users, devices, IP addresses, e-mails shared or used in
// bursts), named once in `RISK_TERMS`. Unknown keys (a detector may add some) keep their key,
// humanised (as an unknown signal's name is), and their raw value.

/** The things risk is measured on, named as the signal explanations name them. */
export const RISK_TERMS = {
  card: "Card",
  ip: "IP address",
  device: "Device",
  user: "User",
  email: "E-mail address",
  phone: "Phone number",
  address: "Address",
  document: "Identity document",
} as const satisfies Record<string, string>;

const count = (value: unknown) => (typeof value === "number" ? value.toLocaleString("en-GB") : String(value));
const minutes = (value: unknown) => (value === 1 ? "1 minute" : `${count(value)} minutes`);
const hours = (value: unknown) => (value === 1 ? "1 hour" : `${count(value)} hours`);
const times = (value: unknown) => `${count(value)}×`;
const share = (value: unknown) => (typeof value === "number" ? `${Math.round(value * 100)}%` : String(value));
const yesNo = (value: unknown) => (value === true ? "Yes" : value === false ? "No" : String(value));
const term = (value: unknown) =>
  typeof value === "string" ? (RISK_TERMS[value as keyof typeof RISK_TERMS] ?? humanise(value)) : String(value);
const date = (value: unknown) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) ? new Date(value).toUTCString().replace(":00 GMT", " UTC") : String(value);
const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

type EvidenceTerm = { label: string; format: (value: unknown) => string };

/** Every evidence key the detectors report (server/domain/detection/README.md). */
const EVIDENCE: Record<string, EvidenceTerm> = {
  ...Object.fromEntries(Object.entries(RISK_TERMS).map(([key, label]) => [key, { label, format: text }])),
  scores: { label: "Scores in the window", format: count },
  window_volume: { label: "Scores in the window", format: count },
  window_minutes: { label: "Time window", format: minutes },
  window_hours: { label: "Time window", format: hours },
  threshold: { label: "Alert threshold", format: count },
  min_scores: { label: "Fewest scores that alert", format: count },
  scope: { label: "Scope", format: (v) => (v === "account" ? "The whole account" : text(v)) },
  baseline_per_window: { label: "Usual scores per window", format: count },
  multiple: { label: "Times the usual volume", format: times },
  multiplier: { label: "Alerts at", format: (v) => `${times(v)} the usual volume` },
  distinct_cards: { label: "Different cards", format: count },
  distinct_users: { label: "Different users", format: count },
  attempts: { label: "Payment attempts", format: count },
  small_attempts: { label: "Small-amount attempts", format: count },
  small_share: { label: "Share of small-amount attempts", format: share },
  mostly_small: { label: "Mostly small amounts (card testing)", format: yesNo },
  first_seen: { label: "First seen", format: date },
  users: { label: "Users with the pattern", format: count },
  devices: { label: "New devices", format: count },
  follow_minutes: { label: "Payment within, after the new device", format: minutes },
  amount_multiplier: { label: "Amount above the user's usual", format: times },
  shared: { label: "Shared", format: term },
  user_ids: { label: "Users sharing it", format: count },
  verifications: { label: "Verifications", format: count },
};

export type EvidenceLine = { key: string; label: string; value: string; known: boolean };

/** The alert's evidence as labelled lines, in the detector's order (`small_share 0.92` → "Share of small-amount attempts: 92%"). */
export function describeEvidence(evidence: Record<string, unknown>): EvidenceLine[] {
  return Object.entries(evidence).map(([key, value]) => {
    const entry = EVIDENCE[key];
    return entry
      ? { key, label: entry.label, value: entry.format(value), known: true }
      : { key, label: humanise(key), value: text(value), known: false };
  });
}
