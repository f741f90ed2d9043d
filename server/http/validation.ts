import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "../core/errors";

type Issue = z.core.$ZodIssue;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const part of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[part];
  }
  return cur;
}

function describe(issue: Issue, param: string): string {
  switch (issue.code) {
    case "invalid_type":
      return `${param} must be ${issue.expected === "int" ? "an integer" : `of type ${issue.expected}`}.`;
    case "invalid_value":
      return `${param} must be one of: ${issue.values.map(String).join(", ")}.`;
    case "too_small":
      if (issue.origin === "string") return `${param} must be at least ${issue.minimum} characters long.`;
      if (issue.origin === "array") return `${param} must contain at least ${issue.minimum} item(s).`;
      return `${param} must be ${issue.inclusive ? "at least" : "greater than"} ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "string") return `${param} must be at most ${issue.maximum} characters long.`;
      if (issue.origin === "array") return `${param} must contain at most ${issue.maximum} item(s).`;
      return `${param} must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}.`;
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      return options ? `${param} must be one of: ${options.map(String).join(", ")}.` : `${param} is not valid.`;
    }
    case "invalid_format":
      return `${param} is not a valid ${issue.format === "regex" ? "value" : issue.format}.`;
    default:
      return issue.message.startsWith(param) ? issue.message : `${param} ${issue.message}${issue.message.endsWith(".") ? "" : "."}`;
  }
}

/**
 * Turns the first zod issue into the specified field error: `missing_required_field` when the
 * field is absent from the input, `invalid_field_value` otherwise; `param` is the dotted path.
 * A refinement may force the code by setting `params.code` on its custom issue.
 */
export function validationError(issues: readonly Issue[], input: unknown, paramPrefix = ""): ApiError {
  const issue = issues[0];
  if (!issue) return new ApiError("invalid_field_value", "The request is invalid.");
  const path = issue.path.map(String);
  const param = paramPrefix + path.join(".");
  const forced = issue.code === "custom" ? (issue.params?.code as string | undefined) : undefined;
  const missing = forced === "missing_required_field" || (!forced && issue.path.length > 0 && valueAt(input, issue.path) === undefined);
  if (missing) return new ApiError("missing_required_field", path.length > 0 ? `${param} is required.` : issue.message, param || undefined);
  return new ApiError("invalid_field_value", describe(issue, param), param || undefined);
}

type HookResult = { success: true } | { success: false; error: z.ZodError; data?: unknown; target?: string };

/** The zod-openapi hook of every router: validation failures become the specified 400s. */
export function validationHook(result: HookResult, _c: Context): void {
  if (result.success) return;
  let input = result.data;
  if (input === undefined && result.target === "json") input = {};
  throw validationError(result.error.issues, input);
}

/**
 * A partial update must change something: a body with none of the schema's fields (`besides` those
 * that only qualify a change, such as who makes it) is 400 `missing_required_field` listing them.
 * Without it an update sent without `Content-Type: application/json` (whose body is ignored:
 * server/README.md, "Errors") answered 200 with nothing changed, and the caller took its change
 * as made.
 */
export function changeRequired<T extends z.ZodObject>(schema: T, besides: readonly (keyof z.infer<T> & string)[] = []): T {
  const fields = Object.keys(schema.shape).filter((f) => !besides.includes(f as keyof z.infer<T> & string));
  return schema.superRefine((value, ctx) => {
    if (fields.some((f) => (value as Record<string, unknown>)[f] !== undefined)) return;
    ctx.addIssue({
      code: "custom",
      path: [],
      message: `Send at least one of ${fields.join(", ")}.`,
      params: { code: "missing_required_field" },
    });
  });
}
