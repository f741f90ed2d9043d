import "server-only";

import NextAuth from "next-auth";
import { buildAuthConfig } from "./auth/config";

// The console's next-auth instance (v5). Lazy: the configuration is built per request, see
// lib/auth/config.ts. Server code reads the analyst through lib/auth/guards.ts.
export const { handlers, auth, signIn, signOut } = NextAuth(() => buildAuthConfig());
