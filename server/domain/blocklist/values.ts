import type { BlocklistKind } from "../../db/schema";
import { normalizeIp } from "../scoring";

// The normalised form of each kind of blocklist value, so that the same card, account, address
// or device always meets its entry however the caller spelt it.
//   card:          first six digits of the BIN + ":" + last four   (e.g. 424242:4242)
//   bank_account:  routing number + ":" + last four digits          (e.g. 011000015:6789)
//   email:         trimmed, lower-case
//   device:        the device_id of POST /v1/device/session         (dev_…)
//   ip:            canonical address text (IPv4-mapped IPv6 unwrapped)

export type NormalizeResult = { ok: true; value: string } | { ok: false; message: string };

export function normalizeBlocklistValue(kind: BlocklistKind, raw: string): NormalizeResult {
  const v = raw.trim();
  switch (kind) {
    case "card": {
      const m = /^(\d{6})\d{0,2}[:*\s-]*(?:\**)(\d{4})$/.exec(v);
      return m ? { ok: true, value: `${m[1]}:${m[2]}` } : { ok: false, message: "a card is its BIN and last four, e.g. 424242:4242" };
    }
    case "bank_account": {
      const m = /^(\d{9}):(\d{4})$/.exec(v);
      return m
        ? { ok: true, value: v }
        : { ok: false, message: "a bank account is its routing number and last four digits, e.g. 011000015:6789" };
    }
    case "email":
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? { ok: true, value: v.toLowerCase() } : { ok: false, message: "not an e-mail address" };
    case "device":
      return /^dev_[0-9a-z]{16,64}$/.test(v) ? { ok: true, value: v } : { ok: false, message: "a device is a device_id (dev_…)" };
    case "ip": {
      const ip = normalizeIp(v);
      return ip ? { ok: true, value: ip } : { ok: false, message: "not an IPv4 or IPv6 address" };
    }
  }
}
