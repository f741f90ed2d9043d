import type { NextConfig } from "next";
import { ALLOWED_ACTION_ORIGINS } from "./lib/security/same-origin";

const isDev = process.env.NODE_ENV === "development";

// One policy for every console page, the API reference included: Swagger UI is loaded as a
// same-origin script (served by app/reference/assets) and needs neither eval nor a CDN.
//
// script-src keeps 'unsafe-inline' because, without nonces, Next.js bootstraps hydration with
// inline <script> tags (the RSC payload). A nonce-based policy needs a proxy.ts and makes every
// page dynamic; revisit once sign-in lands and the pages are dynamic anyway.
// 'unsafe-eval' is development-only: React uses eval there to rebuild server error stacks.
// connect-src stays 'self': the browser only ever talks to the console, which proxies the API.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  // Swagger UI and React set inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  // Swagger UI draws some icons as data: URIs.
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Older browsers ignore frame-ancestors; this keeps clickjacking protection for them.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  },
  // Strict-Transport-Security is deliberately absent: the console is often served over plain
  // HTTP on a private network, and HSTS belongs to whatever terminates TLS in front of it.
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // A second build folder (e.g. `.next-e2e`) lets the browser suite build and serve the console
  // while a developer's `next dev` keeps `.next/`; both are ignored by git, lint and tsc.
  distDir: process.env.ARGUS_NEXT_DIST_DIR || ".next",
  // `next dev` serves its scripts only to the origins it knows; the console's default address is
  // 127.0.0.1 (`ARGUS_HOST`, README.md "Configuration"), which Next.js does not assume.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  // The repository is type-checked as a whole by `npm run typecheck` (CI runs it before the tests);
  // a type error in API or test code must not stop the console from building in `npm start`.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  experimental: {
    // forbidden() / forbidden.tsx: a console page refused for a role answers 403 with its own
    // page, instead of a 200 that only looks like a refusal (lib/auth/guards.ts requireRole).
    authInterrupts: true,
    // Hosts besides the console's own that may post server actions. proxy.ts refuses any other
    // origin's POST first (403, where Next.js's own check answers 500), from the same list.
    serverActions: { allowedOrigins: [...ALLOWED_ACTION_ORIGINS] },
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
