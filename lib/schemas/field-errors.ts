import type { SafeError } from "./safe-error";

// Errors next to the fields they are about. Client-side (zod issues) and API-side (`param`, the
// dotted path of the first invalid field) use the same dotted paths, so both land in one map.

/**
 * Field errors keyed by dotted path (`score_bands.challenge`, `rules.2.when`), from zod issues. The
 * API names the same paths in `param`, so both land next to the same field.
 */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = ""): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = prefix + issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The form field an API `param` belongs to: the longest known field path it starts with
 * (`rules.0.when.signals_all.3` → `rules.0.when.signals_all`), or null when none matches.
 */
export function fieldForParam(param: string | undefined, knownFields: readonly string[]): string | null {
  if (!param) return null;
  let best: string | null = null;
  for (const field of knownFields) {
    if ((param === field || param.startsWith(`${field}.`)) && (best === null || field.length > best.length)) best = field;
  }
  return best;
}

/**
 * The client's own errors, or else the API's refusal placed on its field: a form shows one set at
 * a time (after a refusal the form is resubmitted, which clears it).
 */
export function mergeFieldErrors(
  clientErrors: Record<string, string>,
  serverError: SafeError | undefined,
  knownFields: readonly string[],
): Record<string, string> {
  if (Object.keys(clientErrors).length > 0) return clientErrors;
  const field = fieldForParam(serverError?.param, knownFields);
  return field && serverError ? { [field]: serverError.message } : {};
}
