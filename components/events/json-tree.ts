// Pure helpers of the payload viewer: what kind a JSON value is, how a leaf is written, how a
// collapsed node is summarised, and the paths of every node that can collapse. Paths are JSON
// Pointers (RFC 6901), so keys containing "/" or "." cannot make two nodes share a path.

export type JsonKind = "object" | "array" | "string" | "number" | "boolean" | "null" | "other";

export function jsonKind(value: unknown): JsonKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "object":
      return "object";
    case "string":
      return "string";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    default:
      return "other";
  }
}

export function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  const kind = jsonKind(value);
  return kind === "object" || kind === "array";
}

/** The child entries of a container, in the payload's own order. */
export function entriesOf(value: Record<string, unknown> | unknown[]): [string, unknown][] {
  return Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
}

export function childPath(parent: string, key: string): string {
  return `${parent}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** The root's path: the empty JSON Pointer. */
export const ROOT_PATH = "";

/** A leaf as JSON writes it (strings quoted and escaped). */
export function formatLeaf(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** What a collapsed node stands for: "3 keys", "1 item", "empty". */
export function summarise(value: Record<string, unknown> | unknown[]): string {
  const count = Array.isArray(value) ? value.length : Object.keys(value).length;
  if (count === 0) return "empty";
  const noun = Array.isArray(value) ? "item" : "key";
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** Paths of every object and array below the root (what "collapse all" folds). */
export function containerPaths(value: unknown, path: string = ROOT_PATH): string[] {
  if (!isContainer(value)) return [];
  const paths: string[] = [];
  for (const [key, child] of entriesOf(value)) {
    if (!isContainer(child)) continue;
    const p = childPath(path, key);
    paths.push(p, ...containerPaths(child, p));
  }
  return paths;
}

/** The payload as the copy button gives it: two-space indentation, like the viewer. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "";
}
