import type { ReactNode } from "react";
import { requireRole } from "@/lib/auth/guards";

// The role is checked here, before the queue's loading skeleton streams, so an analyst gets a
// real 403 (the page checks again).
export default async function CaseQueueLayout({ children }: { children: ReactNode }) {
  await requireRole("lead");
  return children;
}
