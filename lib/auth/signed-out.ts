// Signing out deletes the session cookie, but a request that was already in flight with the old
// cookie (a prefetch, the queue's auto-refresh) can come back after it with the session cookie
// re-issued (next-auth refreshes a JWT session on every read), and the analyst would still be
// signed in. So sign-out also leaves this marker: a session that began at or before it is over,
// whichever cookie returns. A later sign-in starts after the marker and is unaffected.

export const SIGNED_OUT_COOKIE = "argus-signed-out";

/** Kept as long as any session could last (the absolute limit, lib/auth/config.ts). */
export const SIGNED_OUT_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Whether a session that began at `signedInAt` (ms) was ended by the marker's sign-out. */
export function endedBySignOut(signedInAt: unknown, marker: string | undefined): boolean {
  const signedOutAt = Number(marker);
  if (marker === undefined || !Number.isFinite(signedOutAt) || signedOutAt <= 0) return false;
  return typeof signedInAt !== "number" || signedInAt <= signedOutAt;
}
