import { createHash, randomBytes } from "node:crypto";
import type { Environment } from "../../db/schema";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_RE = /^argus_(live|test)_sk_[0-9A-Za-z]{32}$/;

/** 32 uniformly random base62 characters (rejection sampling keeps the distribution flat). */
function base62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateKey(environment: Environment): string {
  return `argus_${environment}_sk_${base62(32)}`;
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The environment a well-formed key claims, or null when the string is not an Argus key. */
export function keyEnvironment(key: string): Environment | null {
  const m = KEY_RE.exec(key);
  return m ? (m[1] as Environment) : null;
}

export function looksLikeApiKey(value: string): boolean {
  return /^argus_(live|test)_sk_/.test(value);
}
