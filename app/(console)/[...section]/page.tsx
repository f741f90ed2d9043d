import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ComingSoon } from "@/components/shell/coming-soon";
import { navItems } from "@/components/shell/nav-items";
import { requireRole } from "@/lib/auth/guards";

// The console's sections whose pages are not built yet (alerts, cases…): a clear placeholder
// instead of a 404 from the navigation. A real page (app/(console)/alerts/page.tsx) takes
// precedence over this catch-all automatically, so nothing here needs removing later.

type Params = Promise<{ section: string[] }>;

function itemFor(section: string[]) {
  const href = `/${section.join("/")}`;
  return navItems.find((item) => item.href === href);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: itemFor((await params).section)?.label ?? "Not found" };
}

export default async function SectionPlaceholder({ params }: { params: Params }) {
  const item = itemFor((await params).section);
  if (!item) notFound();
  await requireRole(item.minRole);
  return <ComingSoon item={item} />;
}
