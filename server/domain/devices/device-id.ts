import { createHash, randomBytes } from "node:crypto";
import type { Environment } from "../../db/schema";
import { parseIp } from "../scoring";

/** What a request tells about the device it comes from. */
export type DeviceEvidence = {
  userAgent: string | null;
  acceptLanguage: string | null;
  /** Client hints: Sec-CH-UA, -Platform, -Mobile, -Model. */
  clientHints: string[];
  ip: string | null;
  /** A native client's own stable identifier (an install id, the platform's vendor id…). */
  fingerprint: string | null;
};

/** The network a device sits in: /24 for IPv4, /48 for IPv6, so a DHCP renewal keeps the id. */
export function ipPrefix(ip: string | null): string {
  const parsed = ip ? parseIp(ip) : null;
  if (!parsed) return "";
  const bytes = parsed.toByteArray();
  return parsed.kind() === "ipv4"
    ? `${bytes.slice(0, 3).join(".")}.0/24`
    : `${bytes
        .slice(0, 6)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("")}/48`;
}

/**
 * The device id: a SHA-256 over the account, the environment and the device's evidence. With a
 * `device_fingerprint` that is all that counts (a native client's install id outlives network
 * changes). Without one, the browser's User-Agent, Accept-Language, client hints and IP prefix.
 * Deterministic, so the same device gets the same id in every session and after every restart of
 * the API; scoped, so the id means nothing in another account or environment.
 */
export function deriveDeviceId(accountId: string, environment: Environment, e: DeviceEvidence): string {
  const parts = e.fingerprint
    ? ["fp", e.fingerprint]
    : [
        "ua",
        e.userAgent ?? "",
        "al",
        (e.acceptLanguage ?? "").toLowerCase().replace(/\s+/g, ""),
        "ch",
        ...e.clientHints,
        "net",
        ipPrefix(e.ip),
      ];
  const hash = createHash("sha256")
    .update([accountId, environment, ...parts].join("\u0000"))
    .digest("hex");
  return `dev_${hash.slice(0, 32)}`;
}

// User-Agents of HTTP libraries and tools, not of a client device: what a merchant's server sends
// when it opens the session itself without forwarding its customer's User-Agent (Node's fetch
// sends "node"). okhttp is in it: an Android app calling through it directly sends the same string
// from every phone (such apps should send device_fingerprint).
const SERVER_CLIENT =
  /^(node|undici|node-fetch|axios|got|superagent|curl|wget|httpie|python-requests|python-urllib|python-httpx|python\/|aiohttp|httpx|go-http-client|java\/|apache-httpclient|okhttp|libwww-perl|ruby|faraday|rest-client|guzzlehttp|postmanruntime|insomnia|restsharp|deno|bun|reqwest|dart:io)\b/i;

/**
 * Whether the evidence identifies a device at all: a fingerprint, or a client's User-Agent. With
 * neither (no User-Agent, or an HTTP library's), the id would be the same for every customer of a
 * merchant that calls from its own server, and every session would look like one device used by
 * all of them (device_many_users, device_velocity_high on everyone).
 */
export function identifiesDevice(e: DeviceEvidence): boolean {
  if (e.fingerprint) return true;
  const ua = e.userAgent?.trim() ?? "";
  return ua !== "" && !SERVER_CLIENT.test(ua);
}

/** The device id of a session whose device is not identified: its own, random, never met again. */
export function unidentifiedDeviceId(): string {
  return `dev_${randomBytes(16).toString("hex")}`;
}

const AUTOMATION = /HeadlessChrome|PhantomJS|Selenium|webdriver|Puppeteer|Playwright|Electron\/.*Headless/i;

/** A browser that says it is automated (headless Chrome, WebDriver, Puppeteer…). */
export function looksAutomated(e: DeviceEvidence): boolean {
  return AUTOMATION.test(e.userAgent ?? "") || e.clientHints.some((h) => /HeadlessChrome/i.test(h));
}
