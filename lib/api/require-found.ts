import "server-only";

import { notFound } from "next/navigation";
import { ApiError } from "./errors";

/**
 * Answers the page with 404 when the API says the resource does not exist. Called from a detail
 * route's layout: a layout renders before its segment's loading.tsx boundary, so the status is
 * still unsent (a page that calls notFound() after its loading skeleton streamed answers 200).
 * Any other failure is left to the page, which shows its error state with the request id.
 */
export async function requireFound(read: () => Promise<unknown>): Promise<void> {
  try {
    await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
  }
}
