import type { ReactNode } from "react";
import { requireRole } from "@/lib/auth/guards";

// Every settings page is for administrators. Checked here, before anything streams, so a
// non-admin gets a real 403 status; each page checks again (layouts are not re-run on every
// client navigation, pages are).
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  await requireRole("admin");
  return children;
}
