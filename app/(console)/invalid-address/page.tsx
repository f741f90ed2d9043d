import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireRole } from "@/lib/auth/guards";

// proxy.ts rewrites an address whose percent-encoding is not UTF-8 (`/transactions/%FF`) to this
// page: such an address names nothing, so it answers 404 with the page beside this one.

export const metadata: Metadata = { title: "Address not valid" };

export default async function InvalidAddressPage() {
  await requireRole("analyst");
  notFound();
}
