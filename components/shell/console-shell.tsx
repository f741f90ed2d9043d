import type { ReactNode } from "react";
import { IntentLink } from "@/components/ui/intent-link";
import type { SessionAnalyst } from "@/lib/auth/session-analyst";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { cn } from "@/lib/utils/cn";
import { EnvironmentBadge } from "./environment-badge";
import { EnvironmentSwitcher } from "./environment-switcher";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { MainNav } from "./main-nav";
import { UserMenu } from "./user-menu";

type ConsoleShellProps = {
  analyst: SessionAnalyst;
  environment: ConsoleEnvironment;
  /** The product mark, supplied by the layout (the site's mark lives in another feature folder). */
  brand: ReactNode;
  children: ReactNode;
};

/**
 * Header, navigation and main region of every signed-in page. Pre-production is impossible to
 * miss: an amber rule across the top, an amber badge, and the switcher's amber state.
 */
export function ConsoleShell({ analyst, environment, brand, children }: ConsoleShellProps) {
  const preProduction = environment === "pre-production";
  return (
    <div className={cn("flex min-h-dvh flex-col border-t-4 print:border-t-0", preProduction ? "border-warning" : "border-success")}>
      <header className="sticky top-0 z-30 print:hidden border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="flex h-14 items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <IntentLink href="/overview" className="flex items-center gap-2.5 rounded-md text-[1.0625rem] font-semibold tracking-tight">
              {brand}
              {/* On a phone the header needs the room for the switcher: the mark alone stays. */}
              <span className="sr-only sm:not-sr-only">
                Argus <span className="font-normal text-muted-foreground">Console</span>
              </span>
            </IntentLink>
            <EnvironmentBadge environment={environment} className="hidden sm:inline-flex" />
          </div>
          <div className="flex items-center gap-2 sm:gap-3">
            <EnvironmentSwitcher environment={environment} />
            <KeyboardShortcuts role={analyst.role} />
            <span aria-hidden="true" className="hidden h-6 w-px bg-border sm:block" />
            <UserMenu analyst={analyst} />
          </div>
        </div>
        {preProduction ? (
          <p className="border-t border-warning/30 bg-warning-soft px-4 py-1.5 text-xs font-medium text-warning sm:px-6">
            {environmentLabels[environment]}: test keys and test data. Nothing here touches real customers.
          </p>
        ) : null}
      </header>
      <div className="flex flex-1">
        <aside aria-label="Sections" className="hidden w-60 print:hidden shrink-0 border-r border-border bg-surface/60 px-3 py-6 lg:block">
          <MainNav role={analyst.role} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 focus:outline-none sm:px-8 print:p-0">
          <div className="lg:hidden print:hidden">
            <details className="mb-6 rounded-lg border border-border bg-surface">
              <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium">Sections</summary>
              <div className="border-t border-border px-1 py-3">
                <MainNav role={analyst.role} />
              </div>
            </details>
          </div>
          {/* Wide: the console's pages are mostly tables, and analysts run it on large screens. */}
          <div className="mx-auto max-w-[96rem]">{children}</div>
        </main>
      </div>
    </div>
  );
}
