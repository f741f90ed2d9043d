import type { Context } from "hono";
import type { AppEnv } from "./context";

/** Lines sent per chunk: small enough to start at once, large enough not to write per line. */
const LINES_PER_CHUNK = 200;

/**
 * Streams `lines` as NDJSON (`application/x-ndjson`), pulling the next lines only when the client
 * has read the previous chunk, so a long export holds a page of rows in memory, never the export.
 * An error after the first byte cannot become an error status any more: it is logged with the
 * request id and the response is cut off, so the client sees an incomplete download, never a
 * short file that looks whole.
 */
export function ndjson<T>(c: Context<AppEnv>, lines: AsyncGenerator<T>, toJson: (item: T) => string): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let chunk = "";
        for (let i = 0; i < LINES_PER_CHUNK; i++) {
          const next = await lines.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += `${toJson(next.value)}\n`;
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (err) {
        c.get("log").error({ err, request_id: c.get("requestId") }, "NDJSON stream failed after it started");
        controller.error(err);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return c.body(stream, 200, { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" });
}
