import { ArrowRight } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EnvironmentBadge } from "@/components/shell/environment-badge";
import { navItems, navSectionLabels } from "@/components/shell/nav-items";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";
import { hasRole } from "@/lib/auth/roles";
import { displayName } from "@/lib/auth/session-analyst";
import { roleDescriptions, roleLabels } from "@/lib/schemas/analyst";
import { environmentLabels } from "@/lib/schemas/environment";

export const metadata: Metadata = { title: "Overview" };

// A welcome for now: where you are, who you are, where to go. Charts come with the feature pages.
export default async function OverviewPage() {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const sections = navItems.filter((item) => item.href !== "/overview" && hasRole(analyst.role, item.minRole));
  return (
    <>
      <PageHeader title={`Welcome, ${displayName(analyst)}`} description="Your starting point in the console. The charts of the overview arrive with the alert and case pages." />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Environment</CardTitle>
            <CardDescription>Everything you see and do applies to this environment only.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <EnvironmentBadge environment={environment} className="w-fit text-sm" />
            <p className="leading-relaxed text-muted-foreground">
              {environment === "production"
                ? "Production: live keys, real customers, real decisions."
                : "Pre-production: test keys and test data, isolated from production. Use it to try rules and integrations."}{" "}
              Switch with the {environmentLabels.production} / {environmentLabels["pre-production"]} control in the header.
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Your role: {roleLabels[analyst.role]}</CardTitle>
            <CardDescription>{roleDescriptions[analyst.role]}</CardDescription>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{analyst.email}</span>. Press <kbd className="font-mono">?</kbd> for keyboard
            shortcuts.
          </CardContent>
        </Card>
      </div>
      {(["work", "team", "admin"] as const).map((section) => {
        const items = sections.filter((item) => item.section === section);
        if (items.length === 0) return null;
        return (
          <section key={section} aria-labelledby={`overview-${section}`} className="mt-10">
            <h2 id={`overview-${section}`} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {navSectionLabels[section]}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((item) => {
                const Icon = item.icon;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      className="group flex h-full gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm transition-colors hover:border-border-strong hover:bg-surface-muted/50"
                    >
                      <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                        <Icon className="size-4" />
                      </span>
                      <span className="grid gap-0.5">
                        <span className="flex items-center gap-1 font-medium">
                          {item.label}
                          <ArrowRight aria-hidden="true" className="size-3.5 opacity-0 transition-opacity group-hover:opacity-100" />
                        </span>
                        <span className="text-sm leading-snug text-muted-foreground">{item.description}</span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}
