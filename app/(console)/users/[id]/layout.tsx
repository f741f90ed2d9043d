import type { ReactNode } from "react";
import { getUserProfile } from "@/lib/api/users";
import { requireFound } from "@/lib/api/require-found";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

// Role and existence are checked here, before the page's loading skeleton streams, so a refusal
// answers 403 and a user never seen 404 (lib/api/require-found.ts).
export default async function UserLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  await requireFound(() => getUserProfile(environment, id));
  return children;
}
