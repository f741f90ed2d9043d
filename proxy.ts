import { NextResponse, type NextRequest } from "next/server";
import { auth } from "./lib/auth";

// Next.js 16 Proxy (formerly middleware): signed-out visitors of any console page are sent to the
// sign-in page, with the page they asked for as `callbackUrl`. It also keeps sessions alive: each
// pass re-issues the session cookie with a fresh expiry.
//
// Deny by default: everything is matched except the public routes below, so a new console page
// is protected without touching this file. The pages and actions check again themselves.

// With lazy configuration (lib/auth.ts), next-auth's auth(handler) gives a promise of the wrapped
// handler (its types say otherwise); await it once, then call it per request.
const guarded = auth((request) => {
  // A cookie of a session the API has ended still passes here; every page and action checks the
  // session with the API (lib/auth/guards.ts) and sends it to sign in.
  if (request.auth?.user) return NextResponse.next();

  // Server actions and route handlers answer for themselves ("your session has ended"); a redirect
  // in reply to a POST would only confuse the client.
  if (request.method !== "GET" && request.method !== "HEAD") return NextResponse.next();

  const target = new URL(request.nextUrl.href);
  target.searchParams.delete("_rsc");
  const signIn = new URL("/sign-in", request.nextUrl.origin);
  signIn.searchParams.set("callbackUrl", `${target.pathname}${target.search}`);
  return NextResponse.redirect(signIn);
});

export async function proxy(request: NextRequest) {
  const handler = await guarded;
  // The second argument is the route context next-auth forwards to the callback above, unused.
  return handler(request, { params: Promise.resolve({}) });
}

export const config = {
  // Public: the landing page (`/`, excluded by `.+`), the API reference, sign-in, next-auth's own
  // routes, Next.js's own paths (assets; in development the HMR socket) and the icons browsers
  // fetch on their own.
  matcher: ["/((?!_next/|api/auth|reference|sign-in|favicon\\.ico|icon\\.svg|robots\\.txt).+)"],
};
