"use client";

import { usePathname } from "next/navigation";
import { hasRole } from "@/lib/auth/roles";
import type { AnalystRole } from "@/lib/api/wire";
import { IntentLink } from "@/components/ui/intent-link";
import { cn } from "@/lib/utils/cn";
import { currentNavHref, navItems, navSectionLabels, type NavSection } from "./nav-items";

const sections: NavSection[] = ["work", "team", "admin"];

export function MainNav({ role }: { role: AnalystRole }) {
  const pathname = usePathname();
  const current = currentNavHref(pathname);
  const visible = navItems.filter((item) => hasRole(role, item.minRole));
  return (
    <nav aria-label="Console" className="flex flex-col gap-6">
      {sections.map((section) => {
        const items = visible.filter((item) => item.section === section);
        if (items.length === 0) return null;
        const headingId = `nav-${section}`;
        return (
          <div key={section}>
            <h2 id={headingId} className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {navSectionLabels[section]}
            </h2>
            <ul aria-labelledby={headingId} className="mt-2 grid gap-0.5">
              {items.map((item) => {
                const Icon = item.icon;
                const active = item.href === current;
                return (
                  <li key={item.href}>
                    <IntentLink
                      href={item.href}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors",
                        "hover:bg-surface-muted hover:text-foreground",
                        "aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground",
                      )}
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {item.label}
                    </IntentLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
