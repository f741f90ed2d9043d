import { handlers } from "@/lib/auth";

// next-auth's endpoints (session, CSRF, OIDC callback). Signing in with a password goes through a
// server action (lib/actions/sign-in.ts) rather than a POST here.
export const { GET, POST } = handlers;
