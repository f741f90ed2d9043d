import { isDisposableEmail } from "./disposable";
import { binFacts } from "./bin-table";
import { parseIp, reservedRange } from "./ip-ranges";
import type { Features } from "./features";
import type { ScoreInput } from "./request";
import type { RiskConfig } from "./policies";
import { T, type FiredSignal, type SignalName } from "./signals";

// Merchant categories treated as high risk: the card networks' quasi-cash / money-transfer /
// gambling / stored-value MCCs, and the same ideas spelt as words.
const HIGH_RISK_MCC = new Set(["4829", "6051", "6211", "6538", "6540", "7801", "7802", "7995", "5967", "5816"]);
const HIGH_RISK_WORDS =
  /(gambl|casino|betting|lotter|crypto|quasi[_ -]?cash|money[_ -]?transfer|wire[_ -]?transfer|gift[_ -]?card|stored[_ -]?value|prepaid[_ -]?load)/i;

/** Signals of the request itself and of its history. Pure: the same input and features give the same list. */
export function evaluateSignals(input: ScoreInput, f: Features, config: RiskConfig): FiredSignal[] {
  const out: FiredSignal[] = [];
  const fire = (name: SignalName, detail: string) => out.push({ name, detail });
  const req = input.request;
  const pm = req.payment_method;

  // An address that is not a client's (private, loopback…) is the merchant's own server, sent for
  // every customer whose address it did not forward: counting scores or users on it would measure
  // the merchant's traffic (velocity_high on everyone after 20 scores). Its history is not read
  // (featureArgs in features.ts), so `f.ip` is null for it; it gets ip_reserved instead.

  // ---- velocity ("≥ N" counts this request: history + 1) ----
  const u10 = f.user.n10m + 1;
  const u1h = f.user.n1h + 1;
  const c10 = f.card ? f.card.n10m + 1 : 0;
  const c1h = f.card ? f.card.n1h + 1 : 0;
  const i10 = f.ip ? f.ip.n10m + 1 : 0;
  const i1h = f.ip ? f.ip.n1h + 1 : 0;
  const high: string[] = [];
  if (u10 >= T.velocityUser10m) high.push(`${u10} scores for the user in 10 min`);
  if (c10 >= T.velocityCard10m) high.push(`${c10} scores for the card in 10 min`);
  if (i10 >= T.velocityIp10m) high.push(`${i10} scores from the IP in 10 min`);
  if (high.length > 0) fire("velocity_high", high.join("; "));
  else {
    const elevated: string[] = [];
    if (u10 >= T.elevatedUser10m || u1h >= T.elevatedUser1h) elevated.push(`user: ${u10} in 10 min, ${u1h} in 1 h`);
    if (f.card && (c10 >= T.elevatedCard10m || c1h >= T.elevatedCard1h)) elevated.push(`card: ${c10} in 10 min, ${c1h} in 1 h`);
    if (f.ip && (i10 >= T.elevatedIp10m || i1h >= T.elevatedIp1h)) elevated.push(`IP: ${i10} in 10 min, ${i1h} in 1 h`);
    if (elevated.length > 0) fire("velocity_elevated", elevated.join("; "));
  }
  if (input.cardKey) {
    const cards = f.user.cards24h + (f.user.cardSeen24h ? 0 : 1);
    if (cards >= T.userCards24h) fire("user_many_cards", `${cards} distinct cards in 24 h`);
  }
  if (f.card) {
    const users = f.card.users24h + (f.card.userSeen24h ? 0 : 1);
    if (users >= T.cardUsers24h) fire("card_many_users", `${users} distinct users in 24 h`);
  }
  if (f.ip) {
    const users = f.ip.users1h + (f.ip.userSeen1h ? 0 : 1);
    if (users >= T.ipUsers1h) fire("ip_many_users", `${users} distinct users in 1 h`);
  }
  if (f.email) {
    const users = f.email.users30d + (f.email.userSeen30d ? 0 : 1);
    if (users >= T.emailUsers30d) fire("email_many_users", `${users} distinct users in 30 days`);
  }

  // ---- the user's own history ----
  if (!f.user.firstSeen) fire("new_user", "first live score of this user");
  const h = f.user.history;
  if (
    h.currencyN >= T.amountHistoryMin &&
    h.mean !== null &&
    h.max !== null &&
    req.amount > T.amountMultiple * h.mean &&
    req.amount > h.max
  ) {
    fire(
      "amount_unusual_for_user",
      `${req.amount} vs mean ${Math.round(h.mean)} and max ${h.max} of ${h.currencyN} earlier ${input.currency} amounts`,
    );
  }
  if (input.email && f.email) {
    if (f.email.userAgedUses > 0 && f.email.userFlagged === 0)
      fire("email_seen_before", `used by this user ${f.email.userAgedUses} time(s) at least ${T.emailSeenMinAgeHours} h before`);
    else if (f.email.userUses === 0 && h.withEmail > 0) fire("email_new_for_user", "the user's earlier transactions used another e-mail");
  }

  // ---- request facts ----
  if (input.email && isDisposableEmail(input.email)) fire("email_disposable", `domain ${input.email.split("@")[1] ?? ""}`);
  if (pm.card_bin) {
    const facts = binFacts(pm.card_bin, config.binTable);
    if (!facts) fire("bin_unknown", `BIN ${pm.card_bin} matches no card network`);
    else if (facts.prepaid === true) fire("bin_prepaid", `${facts.scheme} prepaid${facts.country ? ` (${facts.country})` : ""}`);
  }
  if (pm.expiry_year !== undefined && pm.expiry_month !== undefined) {
    const y = input.at.getUTCFullYear();
    const m = input.at.getUTCMonth() + 1;
    if (pm.expiry_year < y || (pm.expiry_year === y && pm.expiry_month < m)) {
      fire("card_expired", `expired ${pm.expiry_year}-${String(pm.expiry_month).padStart(2, "0")}`);
    }
  }
  if (input.ip) {
    const ip = parseIp(input.ip);
    const reserved = ip ? reservedRange(ip) : null;
    if (reserved) fire("ip_reserved", `${input.ip} is ${reserved}`);
    else if (ip) {
      const category = config.ipRanges.match(ip);
      if (category) fire("ip_proxy_detected", `${input.ip} is in a ${category} range`);
    }
  }
  const category = req.merchant?.category;
  if (category && (HIGH_RISK_MCC.has(category) || HIGH_RISK_WORDS.test(category)))
    fire("merchant_high_risk_category", `category ${category}`);

  // ---- device: only with an unexpired session ----
  if (input.sessionId) {
    const s = f.session;
    if (s.expiresAt && s.expiresAt.getTime() <= input.at.getTime()) {
      fire("device_session_expired", `session expired at ${s.expiresAt.toISOString()}`);
    } else if (s.deviceId) {
      const d = f.device ?? { n10m: 0, users24h: 0, userSeen24h: false, flagged: false };
      if (d.flagged) fire("device_flagged", "the device is linked to a blocked or confirmed-fraud transaction");
      else if (!s.firstSeen) fire("device_trusted", "seen before on the account, clean history");
      // An unidentified device (device-id.ts) is not new, only unknown: its id is the session's own.
      if (s.firstSeen && s.identified) fire("device_new", "first session of this device");
      if (s.automation) fire("device_automation", "headless or automated browser");
      if (s.contextMismatch) fire("device_context_mismatch", "page_url host differs from the request's Origin/Referer");
      if (s.userId && s.userId !== input.userId) fire("session_user_mismatch", "the session was opened for another user");
      if (d.n10m + 1 >= T.deviceVelocity10m) fire("device_velocity_high", `${d.n10m + 1} scores from the device in 10 min`);
      const users = d.users24h + (d.userSeen24h ? 0 : 1);
      if (users >= T.deviceUsers24h) fire("device_many_users", `${users} distinct users in 24 h`);
    }
  }

  // ---- identity: what the user's latest verification concluded (pending says nothing yet) ----
  if (f.user.identity === "verified") fire("identity_verified", "the latest identity verification passed every check");
  else if (f.user.identity === "failed") fire("identity_failed", "the latest identity verification failed");
  else if (f.user.identity === "flagged") fire("identity_flagged", "the latest identity verification was flagged");

  // ---- links to confirmed fraud ----
  if (f.user.fraud) fire("fraud_history_user", "the user has a transaction labelled fraud");
  const blocked = new Set(f.blocklisted);
  if (blocked.has("card")) fire("blocklist_card", `card ${input.cardKey}`);
  if (blocked.has("email")) fire("blocklist_email", `e-mail ${input.email}`);
  if (blocked.has("ip")) fire("blocklist_ip", `IP ${input.ip}`);
  const deviceLive = input.sessionId && f.session.deviceId && !(f.session.expiresAt && f.session.expiresAt.getTime() <= input.at.getTime());
  if (blocked.has("device") && deviceLive) fire("blocklist_device", `device ${f.session.deviceId}`);
  return out;
}
