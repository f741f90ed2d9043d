import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { ApiError } from "../core/errors";

// Text PostgreSQL cannot store as sent. A NUL character is refused by every text and JSON column
// (the statement fails: a 500, and on the score path the whole group-committed batch with it). An
// unpaired UTF-16 surrogate (JSON's "\ud800" escape without its partner) is refused in a JSON
// column and silently turned into U+FFFD in a text one, so a stored user id would no longer match
// the caller's. Both can only arrive as JSON `\u` escapes or percent-encoded query and path
// values; they are refused at the door with the field's name, before anything is written.

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (s: string) => s.includes("\u0000") || LONE_SURROGATE.test(s);

/**
 * The path (keys and array indexes) of the first string in `value`, key or value, that cannot be
 * stored; undefined when there is none. A key that cannot be stored is reported at its own path.
 */
export function unstorablePath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === "string") return unstorable(value) ? path : undefined;
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    if (unstorable(k)) return [...path, k.replaceAll("\u0000", "\\u0000")];
    const found = unstorablePath(v, [...path, k]);
    if (found) return found;
  }
  return undefined;
}

function decodable(raw: string): boolean {
  if (!raw.includes("%")) return true;
  try {
    decodeURIComponent(raw);
    return true;
  } catch {
    return false;
  }
}

const refused = (param: string) =>
  new ApiError("invalid_field_value", `${param} contains a NUL character or an unpaired UTF-16 surrogate, which cannot be stored.`, param);

/**
 * Refuses a parsed JSON body holding text that cannot be stored. `text` is the body as received:
 * without a `\u` escape in it (nearly every request) there is nothing to look for.
 */
export function checkStorableBody(text: string, value: unknown): void {
  if (!text.includes("\\u")) return;
  const path = unstorablePath(value);
  if (path) throw refused(path.join(".") || "body");
}

/**
 * Query values that cannot be stored are a 400 naming the parameter; a path segment (an id) that
 * cannot be stored names nothing that exists: 404.
 */
export const refuseUnstorableParams: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url;
  const q = url.indexOf("?");
  if (q >= 0 && url.includes("%", q)) {
    // Percent-encoded bytes that are not UTF-8 (`%FF`): the router keeps such a value as its
    // literal text, which would then be searched or stored as if the client had meant it.
    for (const pair of url.slice(q + 1).split("&")) {
      const eq = pair.indexOf("=");
      const [rawName, rawValue] = eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
      if (!decodable(rawValue) || !decodable(rawName)) {
        const name = decodable(rawName) ? decodeURIComponent(rawName.replaceAll("+", " ")) : rawName;
        throw new ApiError("invalid_field_value", `${name} is not valid percent-encoded UTF-8.`, name);
      }
    }
    for (const [name, values] of Object.entries(c.req.queries())) {
      if (unstorable(name) || values.some(unstorable)) throw refused(name.replaceAll("\u0000", "\\u0000"));
    }
  }
  const path = q >= 0 ? url.slice(0, q) : url;
  if (path.includes("%") && Object.values(c.req.param() as Record<string, string>).some(unstorable)) {
    throw new ApiError("resource_not_found", "No such resource.");
  }
  await next();
};
