import type { SignalWeight } from "../../db/schema";

// The signal catalogue: every signal the engine can emit, its weight class, the points it adds to
// the score (before what the account's labels taught, see model.ts) and what triggers it. The
// README's catalogue table is this list. Thresholds are named here so code and docs agree.

export const T = {
  /** velocity_high: ≥ 10 live scores for one user or one card within 10 minutes, or ≥ 20 from one IP. */
  velocityUser10m: 10,
  velocityCard10m: 10,
  velocityIp10m: 20,
  /** velocity_elevated: half of the above within 10 minutes, or these within one hour. */
  elevatedUser10m: 5,
  elevatedCard10m: 5,
  elevatedIp10m: 10,
  elevatedUser1h: 20,
  elevatedCard1h: 20,
  elevatedIp1h: 60,
  deviceVelocity10m: 10,
  userCards24h: 3,
  cardUsers24h: 3,
  ipUsers1h: 5,
  deviceUsers24h: 3,
  emailUsers30d: 3,
  /** email_seen_before: an earlier use at least this old (a burst of new payments earns no credit). */
  emailSeenMinAgeHours: 24,
  /** amount_unusual_for_user: at least this many prior amounts in the currency… */
  amountHistoryMin: 3,
  /** …and the amount above this multiple of their mean and above their maximum. */
  amountMultiple: 3,
  /** Scans of history stop at this many most recent rows (counts saturate far above every threshold). */
  scanCap: 1000,
  /** The user's amount history: the most recent 50 live scores within 180 days. */
  historyRows: 50,
  historyDays: 180,
} as const;

export type SignalDef = { weight: SignalWeight; points: number; trigger: string };

export const signalCatalogue = {
  // ---- velocity ----
  velocity_high: {
    weight: "high_risk",
    points: 45,
    trigger: `≥ ${T.velocityUser10m} live scores for the user or ≥ ${T.velocityCard10m} for the card (bin + last four) within 10 minutes, or ≥ ${T.velocityIp10m} from the IP (a client address: not private, loopback, link-local or carrier-grade NAT), counting this one`,
  },
  velocity_elevated: {
    weight: "medium_risk",
    points: 15,
    trigger: `below velocity_high but ≥ ${T.elevatedUser10m} (user) / ${T.elevatedCard10m} (card) / ${T.elevatedIp10m} (IP) within 10 minutes, or ≥ ${T.elevatedUser1h} / ${T.elevatedCard1h} / ${T.elevatedIp1h} within one hour (IP: a client address, as for velocity_high)`,
  },
  device_velocity_high: {
    weight: "high_risk",
    points: 35,
    trigger: `≥ ${T.deviceVelocity10m} live scores from the session's device within 10 minutes`,
  },
  user_many_cards: { weight: "medium_risk", points: 20, trigger: `the user used ≥ ${T.userCards24h} distinct cards within 24 hours` },
  card_many_users: {
    weight: "medium_risk",
    points: 25,
    trigger: `the card was used by ≥ ${T.cardUsers24h} distinct users within 24 hours`,
  },
  ip_many_users: {
    weight: "medium_risk",
    points: 15,
    trigger: `the IP (a client address, as for velocity) was used by ≥ ${T.ipUsers1h} distinct users within one hour`,
  },
  device_many_users: {
    weight: "high_risk",
    points: 35,
    trigger: `the device was used by ≥ ${T.deviceUsers24h} distinct users within 24 hours`,
  },
  email_many_users: {
    weight: "medium_risk",
    points: 15,
    trigger: `the e-mail was used by ≥ ${T.emailUsers30d} distinct users within 30 days`,
  },
  // ---- the user's own history ----
  new_user: {
    weight: "medium_risk",
    points: 10,
    trigger:
      "no earlier live score for this user.id in the account, blocked and fraud-labelled ones aside (a refused first attempt does not make the retry familiar)",
  },
  amount_unusual_for_user: {
    weight: "medium_risk",
    points: 20,
    trigger: `≥ ${T.amountHistoryMin} earlier amounts in the currency (among the last ${T.historyRows} within ${T.historyDays} days, blocked and fraud-labelled ones left out) and the amount is above ${T.amountMultiple}× their mean and above their maximum`,
  },
  email_seen_before: {
    weight: "low_risk",
    points: -10,
    trigger: `the user used this e-mail at least ${T.emailSeenMinAgeHours} hours earlier, and none of the user's transactions with it is labelled fraud or blocked (an engine block later labelled legit does not count)`,
  },
  email_new_for_user: { weight: "medium_risk", points: 10, trigger: "the user has earlier transactions with an e-mail, never this one" },
  // ---- e-mail, card, IP facts ----
  email_disposable: {
    weight: "medium_risk",
    points: 25,
    trigger: "the e-mail's domain is a known disposable-mail domain (disposable-email-domains list)",
  },
  bin_prepaid: { weight: "medium_risk", points: 15, trigger: "the BIN table says the card is prepaid" },
  bin_unknown: { weight: "medium_risk", points: 15, trigger: "card_bin matches no card network's number ranges" },
  card_expired: { weight: "high_risk", points: 40, trigger: "expiry_year/expiry_month is before the month of the request" },
  ip_proxy_detected: { weight: "high_risk", points: 40, trigger: "the IP is in the proxy / Tor / hosting ranges the account loaded" },
  ip_reserved: {
    weight: "medium_risk",
    points: 10,
    trigger: "the IP is private, loopback, link-local, reserved, documentation or otherwise not routable",
  },
  merchant_high_risk_category: {
    weight: "medium_risk",
    points: 10,
    trigger: "merchant.category is a high-risk category (quasi-cash, money transfer, gambling, crypto, gift cards, stored value)",
  },
  // ---- device (only with an unexpired session_id) ----
  device_trusted: {
    weight: "low_risk",
    points: -15,
    trigger:
      "the device was seen before on the account and never linked to a block or confirmed fraud (an engine block later labelled legit does not count)",
  },
  device_new: {
    weight: "medium_risk",
    points: 10,
    trigger: "the session is the device's first on the account (not when the session identifies no device: `device_identified: false`)",
  },
  device_flagged: {
    weight: "high_risk",
    points: 50,
    trigger: "the device is linked to a blocked or confirmed-fraud transaction (an engine block later labelled legit does not count)",
  },
  device_automation: { weight: "high_risk", points: 40, trigger: "the session's User-Agent is a headless or automated browser" },
  device_context_mismatch: {
    weight: "medium_risk",
    points: 15,
    trigger: "the session's page_url host differs from the Origin/Referer it was opened from",
  },
  session_user_mismatch: { weight: "medium_risk", points: 15, trigger: "the session was opened for another user_id" },
  device_session_expired: {
    weight: "medium_risk",
    points: 10,
    trigger: "session_id names an expired session (no device signals are computed)",
  },
  // ---- the user's identity verification (the latest one created before the request) ----
  identity_verified: { weight: "low_risk", points: -15, trigger: "the user's latest identity verification is verified" },
  identity_failed: { weight: "high_risk", points: 30, trigger: "the user's latest identity verification failed (a check failed)" },
  identity_flagged: {
    weight: "high_risk",
    points: 45,
    trigger: "the user's latest identity verification is flagged (watchlist match, confirmed fraud or identity reuse)",
  },
  // ---- links to confirmed fraud ----
  fraud_history_user: { weight: "high_risk", points: 50, trigger: "the user has a transaction labelled fraud (confirmed_fraud decision)" },
  blocklist_card: { weight: "high_risk", points: 60, trigger: "the card (bin + last four) is on the account's blocklist" },
  blocklist_email: { weight: "high_risk", points: 60, trigger: "the e-mail is on the account's blocklist" },
  blocklist_device: { weight: "high_risk", points: 60, trigger: "the session's device is on the account's blocklist" },
  blocklist_ip: { weight: "high_risk", points: 60, trigger: "the IP is on the account's blocklist" },
} as const satisfies Record<string, SignalDef>;

export type SignalName = keyof typeof signalCatalogue;
export const signalNames = Object.keys(signalCatalogue) as SignalName[];

export function isSignalName(name: string): name is SignalName {
  return Object.prototype.hasOwnProperty.call(signalCatalogue, name);
}

/** A signal as evaluated for one request: the catalogue entry plus what exactly triggered it. */
export type FiredSignal = { name: SignalName; detail: string };

/** Device signals are suppressed without an unexpired session (README.md, "Signal catalogue"). */
export const deviceSignals: ReadonlySet<SignalName> = new Set([
  "device_trusted",
  "device_new",
  "device_flagged",
  "device_automation",
  "device_context_mismatch",
  "device_velocity_high",
  "device_many_users",
  "session_user_mismatch",
  "blocklist_device",
]);
