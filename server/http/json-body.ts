import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./context";
import { ApiError } from "../core/errors";
import { checkStorableBody } from "./storable-text";

export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Objects and arrays nested deeper than this are refused (400 `invalid_json`). No request of
 * either surface needs more than a few levels; the limit keeps every recursive walk of a parsed
 * body (the storable-text search, validators, serialisers) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 64;
// Spec 4.1 names application/json (parameters such as charset allowed), not any JSON-based type.
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * A body over the limit is still read to its end and dropped, up to this size: a client still
 * sending it when the 413 leaves would otherwise meet a closed connection (a reset, or EPIPE on its
 * write) instead of the answer, as a server that closes a socket with unread data does. A larger
 * one is answered with `Connection: close` and the connection ends there.
 */
export const DRAIN_MAX_BYTES = 16 * MAX_BODY_BYTES;

const tooLarge = (drained: boolean) =>
  new ApiError("request_too_large", "The request body is larger than 1 MB.", undefined, drained ? undefined : { Connection: "close" });

/** 413 for a declared length over the limit (the rest is read and dropped by Node after the answer, within DRAIN_MAX_BYTES). */
const declaredTooLarge = (incoming: IncomingMessage): ApiError | undefined => {
  const declared = Number(incoming.headers["content-length"] ?? 0);
  return declared > MAX_BODY_BYTES ? tooLarge(declared <= DRAIN_MAX_BYTES) : undefined;
};

/**
 * The Node request behind this one, while its body is still unread. Reading it directly skips
 * building a WHATWG Request and stream for every call (a measurable share of the score path).
 */
function unreadIncoming(c: Context<AppEnv>): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.on === "function" && !incoming.readableDidRead ? incoming : undefined;
}

/** The body's bytes; 413 past MAX_BODY_BYTES (declared or streamed), the rest then read and dropped. */
function readBytes(incoming: IncomingMessage): Promise<Buffer> {
  const declared = declaredTooLarge(incoming);
  if (declared) return Promise.reject(declared);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (refused) {
        if (size > DRAIN_MAX_BYTES) incoming.destroy();
        return;
      }
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      // Answer now; this listener keeps reading (and dropping) what is still coming.
      refused = true;
      chunks.length = 0;
      reject(tooLarge(true));
    };
    let ended = false;
    incoming.on("data", onData);
    incoming.once("end", () => {
      ended = true;
      incoming.off("data", onData);
      if (!refused) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    incoming.once("error", (err) => {
      if (!refused) reject(err);
    });
    // The client went away before the end (no answer will reach it; the handler just stops).
    incoming.once("close", () => {
      if (!ended && !refused) reject(new Error("the request body ended early"));
    });
  });
}

/**
 * The body as UTF-8 text, 413 past MAX_BODY_BYTES (declared or streamed). `strict`: bytes that are
 * not UTF-8 are a 400, not text with U+FFFD in place of what was sent.
 */
async function readIncoming(incoming: IncomingMessage, strict = false): Promise<string> {
  const bytes = await readBytes(incoming);
  if (strict && !isUtf8(bytes)) throw new ApiError("invalid_json", "The request body is not valid UTF-8.");
  const text = bytes.toString("utf8");
  // As fetch's text() does: a leading byte-order mark is not part of the JSON.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found by one pass over the text
 * (no recursion, nothing built), brackets inside strings skipped. Malformed text is left to
 * JSON.parse: this only counts.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      // Jump to the closing quote: one preceded by an even number of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return false;
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c /* \ */) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end;
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

const honoLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw tooLarge(false);
  },
});

/** 413 for bodies over 1 MB, checked on Content-Length and while streaming. */
export const limitBody: MiddlewareHandler<AppEnv> = (c, next) =>
  // On a Node listener, parseJsonBody reads the body itself and enforces the same limit.
  unreadIncoming(c) ? next() : honoLimit(c, next);

/**
 * Parses a JSON body once, up front, so that malformed JSON is a clear 400 `invalid_json` (not a
 * validation error) and a non-object body is refused. A body sent without an application/json
 * Content-Type is ignored (server/README.md, "Errors"): validation then sees `{}` and reports the
 * missing fields.
 */
export const parseJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "POST" || c.req.method === "PATCH" || c.req.method === "PUT") {
    const type = c.req.header("content-type") ?? "";
    const incoming = unreadIncoming(c);
    const declared = incoming && declaredTooLarge(incoming);
    if (declared) throw declared;
    if (!JSON_TYPE.test(type)) {
      // Spec 4.1: without `Content-Type: application/json` the body is ignored. Replace it with an
      // empty JSON object, so the route's validation reports the missing fields (never a 415).
      // Still read (and dropped) within the limit, so a streamed body over 1 MB is a 413 here too.
      if (incoming) await readIncoming(incoming);
      const headers = new Headers(c.req.raw.headers);
      headers.set("content-type", "application/json");
      headers.delete("content-length");
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: "{}" });
      (c.req.bodyCache as Record<string, unknown>) = { text: Promise.resolve("{}") };
    } else {
      const text = incoming ? await readIncoming(incoming, true) : await c.req.text();
      if (incoming) (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
      // An empty JSON body reads as `{}` so validation names the missing fields.
      if (text.trim() === "") (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve("{}");
      else {
        if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
          throw new ApiError(
            "invalid_json",
            `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`,
          );
        }
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new ApiError("invalid_json", "The request body is not valid JSON.");
        }
        if (value === null || typeof value !== "object" || Array.isArray(value)) {
          throw new ApiError("invalid_json", "The request body must be a JSON object.");
        }
        checkStorableBody(text, value);
      }
    }
  }
  await next();
};
