import { NextResponse, type NextRequest } from "next/server";
import { auth } from "./lib/auth";
import { isCrossOriginWrite } from "./lib/security/same-origin";
import { hasMalformedEncoding } from "./lib/utils/percent-encoding";

// Next.js 16 Proxy (formerly middleware), in front of every address but Next.js's own assets:
// 1. a write (POST…) from another origin is refused with 403 (lib/security/same-origin.ts), except
//    on next-auth's routes, which check their own CSRF token and take an OpenID provider's
//    cross-site form_post callback;
// 2. signed-out visitors of any console page are sent to the sign-in page, with the page they
//    asked for as `callbackUrl`; each pass also re-issues the session cookie with a fresh expiry
//    (a cookie of a session the API has ended still passes here: every page and action checks the
//    session with the API, lib/auth/guards.ts);
// 3. an address whose percent-encoding is not UTF-8 (lib/utils/percent-encoding.ts) is shown the
//    console's own "not a valid address" page (404), never Next.js's bare 500.
//
// Deny by default: everything is guarded except the public routes below, so a new console page
// is protected without touching this file. The pages and actions check again themselves.

/** Public: the landing page, sign-in, next-auth's routes, the API reference, the icons browsers fetch. */
const PUBLIC = /^\/(?:$|sign-in(?:\/|$)|api\/auth(?:\/|$)|reference(?:\/|$)|favicon\.ico$|icon\.svg$|robots\.txt$)/;
/** Route handlers, not pages: a malformed address there is a plain 400. */
const HANDLERS = /^\/(?:api|reference\/assets|reference\/specs)\//;
/** The page shown for a malformed address (app/(console)/invalid-address). */
const INVALID_ADDRESS_PATH = "/invalid-address";

const plain = (status: number, text: string) =>
  new NextResponse(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

// With lazy configuration (lib/auth.ts), next-auth's auth(handler) gives a promise of the wrapped
// handler (its types say otherwise); await it once, then call it per request.
const guarded = auth((request) => {
  if (request.auth?.user) {
    return hasMalformedEncoding(request.nextUrl.pathname)
      ? NextResponse.rewrite(new URL(INVALID_ADDRESS_PATH, request.nextUrl.origin))
      : NextResponse.next();
  }

  // Server actions and route handlers answer for themselves ("your session has ended"); a redirect
  // in reply to a POST, or to the views' own reads under /api/, would only confuse the client.
  if (request.method !== "GET" && request.method !== "HEAD") return NextResponse.next();
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();

  const target = new URL(request.nextUrl.href);
  target.searchParams.delete("_rsc");
  const signIn = new URL("/sign-in", request.nextUrl.origin);
  signIn.searchParams.set("callbackUrl", `${target.pathname}${target.search}`);
  return NextResponse.redirect(signIn);
});

export async function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (!path.startsWith("/api/auth/") && isCrossOriginWrite(request.method, request.headers)) {
    return plain(403, "Forbidden: this request came from another site.");
  }
  const malformed = hasMalformedEncoding(path);
  if (malformed && HANDLERS.test(path)) return plain(400, "Bad request: the address is not valid percent-encoded UTF-8.");
  if (PUBLIC.test(path) && !malformed) return NextResponse.next();
  const handler = await guarded;
  // The second argument is the route context next-auth forwards to the callback above, unused.
  return handler(request, { params: Promise.resolve({}) });
}

export const config = {
  // Everything but Next.js's own paths (assets; in development the HMR socket): public routes are
  // sorted out above, so cross-origin writes to them are refused too.
  matcher: ["/((?!_next/).*)"],
};
