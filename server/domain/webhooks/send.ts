import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedTarget } from "./ssrf";

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The response body, truncated to RESPONSE_BODY_LIMIT characters. */
  responseBody: string | null;
};

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_BODY_LIMIT = 1024;

/**
 * POSTs one delivery to a checked target. The socket connects to the address the SSRF check
 * approved (a custom `lookup` answers with it), while Host, TLS SNI and certificate checks use the
 * URL's host name, so a DNS answer that changes after the check cannot redirect the request.
 * Redirects are not followed (a 3xx is a failed attempt). Only 2xx counts as delivered.
 */
export function sendPinned(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs?: number } = {},
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { url, address } = target;
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options && (options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: address.address, family: address.family },
      ]);
    } else {
      callback(null, address.address, address.family);
    }
  };
  const client = url.protocol === "https:" ? https : http;

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, latencyMs: elapsed() });
    };
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
        signal: AbortSignal.timeout(opts.timeoutMs ?? DELIVERY_TIMEOUT_MS),
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: stop reading a large or endless body.
          if (size >= RESPONSE_BODY_LIMIT * 4) res.destroy();
        });
        const done = () => {
          const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_BODY_LIMIT);
          const ok = statusCode >= 200 && statusCode < 300;
          finish({
            ok,
            statusCode,
            error: ok ? null : statusCode >= 300 && statusCode < 400 ? `redirect (${statusCode}) not followed` : `HTTP ${statusCode}`,
            responseBody: text.length > 0 ? text : null,
          });
        };
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    req.on("error", (err: Error & { code?: string }) => {
      const timedOut = err.name === "AbortError" || err.name === "TimeoutError" || err.code === "ABORT_ERR";
      finish({
        ok: false,
        statusCode: null,
        error: timedOut ? `timed out after ${opts.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms` : `${err.code ?? "error"}: ${err.message}`,
        responseBody: null,
      });
    });
    req.end(body);
  });
}
