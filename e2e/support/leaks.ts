import { findLeaks, type RecordedResponse } from "./recorder";
import { readState } from "./state";

// What must never reach the browser (quality bar): the console's API keys, its secret, and the
// API's internal addresses. Addresses are matched with their port ("127.0.0.1:4310"), never the
// bare IP, which the API reference's Swagger bundle contains generically.

export function secretNeedles(): { label: string; value: string }[] {
  const { secrets, apiUrl, sandboxApiUrl } = readState();
  return [
    { label: "the console's live key", value: secrets.liveKey },
    { label: "the console's test key", value: secrets.testKey },
    { label: "the console secret", value: secrets.consoleSecret },
    { label: "ARGUS_API_URL", value: apiUrl },
    { label: "ARGUS_SANDBOX_API_URL", value: sandboxApiUrl },
    { label: "the API's internal address", value: new URL(apiUrl).host },
    { label: "the sandbox API's internal address", value: new URL(sandboxApiUrl).host },
  ];
}

/** Whole API keys (prefix and key material), not a masked hint such as "argus_test_sk_…1a2b". */
const KEY_PATTERN = /argus_(live|test)_sk_[A-Za-z0-9]{8,}/g;

/**
 * The one place a whole key may reach the browser: the answer of the "create key" action on the
 * API keys page, which shows the admin the key they just created, once. The console's own keys
 * and secret are still looked for there (secretNeedles).
 */
const createdKeyShownOnce = (r: RecordedResponse) => r.action !== undefined && new URL(r.url).pathname === "/settings/api-keys";

/** Every leak in `responses`, as readable lines (the secret itself replaced by its name). */
export function leaksIn(responses: RecordedResponse[]): string[] {
  const found = findLeaks(responses, secretNeedles());
  for (const r of responses) {
    if (createdKeyShownOnce(r)) continue;
    for (const m of r.body.matchAll(KEY_PATTERN)) found.push(`an API key (${m[0].slice(0, 16)}…) in the body of ${r.status} ${r.url}`);
    for (const [name, value] of Object.entries(r.headers)) {
      for (const m of value.matchAll(KEY_PATTERN))
        found.push(`an API key (${m[0].slice(0, 16)}…) in the header ${name} of ${r.status} ${r.url}`);
    }
  }
  return [...new Set(found)];
}
