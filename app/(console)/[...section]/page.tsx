import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireRole } from "@/lib/auth/guards";

// Any other address under the console: the console's own not-found page (with its navigation)
// and HTTP 404, for signed-in analysts only. Real pages take precedence over this catch-all.

export const metadata: Metadata = { title: "Not found" };

export default async function UnknownConsolePage() {
  await requireRole("analyst");
  notFound();
}
