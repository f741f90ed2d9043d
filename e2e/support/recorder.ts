import type { Page, Response } from "@playwright/test";

// Records every response the browser receives on a page (documents, RSC payloads, server-action
// replies, scripts, styles, redirects): status, URL, headers and body, for the leak test.

export type RecordedResponse = {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server action that answered (its id, from the request's next-action header), if any. */
  action?: string;
};

export type Recorder = {
  responses: RecordedResponse[];
  /** Waits until every body read has settled (call before inspecting `responses`). */
  flush: () => Promise<void>;
};

/**
 * Every response recorded by the suite's pages in this worker (the `page` fixture and `as()`
 * record into it): the leak check at the end of views.spec.ts reads them all. Bodies of
 * /_next/static/ files are left out: they are the build's files, which leak.spec.ts scans.
 */
export const recordedInWorker: RecordedResponse[] = [];

const bodyReadLimitMs = 10_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function recordResponses(page: Page): Recorder {
  const responses: RecordedResponse[] = [];
  const pending = new Set<Promise<void>>();
  const onResponse = (response: Response) => {
    const read = (async () => {
      // Redirects and aborted navigations have no body; their headers still count.
      const staticFile = new URL(response.url()).pathname.startsWith("/_next/static/");
      // A body read can stall for good (a streamed page cut short by a navigation): it is bounded,
      // and a body that never came counts as empty.
      const body = staticFile
        ? ""
        : await Promise.race([
            response.body().then(
              (buffer) => buffer.toString("utf8"),
              () => "",
            ),
            sleep(bodyReadLimitMs).then(() => ""),
          ]);
      let headers: Record<string, string>;
      try {
        headers = Object.fromEntries((await response.headersArray()).map((h) => [h.name.toLowerCase(), h.value]));
      } catch {
        headers = response.headers();
      }
      const action = response.request().headers()["next-action"];
      responses.push({ url: response.url(), status: response.status(), headers, body, ...(action ? { action } : {}) });
    })();
    pending.add(read);
    void read.finally(() => pending.delete(read));
  };
  page.on("response", onResponse);
  return {
    responses,
    flush: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** Every place `needle` occurs in the recorded responses, as readable lines. */
export function findLeaks(responses: RecordedResponse[], needles: { label: string; value: string }[]): string[] {
  const found: string[] = [];
  for (const response of responses) {
    for (const { label, value } of needles) {
      if (!value) continue;
      const inBody = response.body.indexOf(value);
      if (inBody >= 0) {
        const context = response.body
          .slice(Math.max(0, inBody - 60), inBody + value.length + 60)
          .replace(/\s+/g, " ")
          .split(value)
          .join(`<${label}>`);
        found.push(`${label} in the body of ${response.status} ${response.url}: …${context}…`);
      }
      for (const [name, headerValue] of Object.entries(response.headers)) {
        if (headerValue.includes(value)) found.push(`${label} in the header ${name} of ${response.status} ${response.url}`);
      }
    }
  }
  return found;
}
