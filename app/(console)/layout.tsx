import type { ReactNode } from "react";
import { ConsoleProviders } from "@/components/shell/console-providers";
import { ConsoleShell } from "@/components/shell/console-shell";
import { ArgusMark } from "@/components/site/argus-mark";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireSession } from "@/lib/auth/guards";
import { getConsoleEnv } from "@/lib/env";

// Every signed-in page. Deliberately no loading.tsx at this level: a Suspense boundary here would
// start streaming before nested layouts run their role checks, and a 403 would go out as 200.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const analyst = await requireSession();
  const environment = await getActiveEnvironment(analyst.id);
  return (
    <ConsoleProviders queueRefreshMs={getConsoleEnv().queueRefreshMs}>
      <ConsoleShell analyst={analyst} environment={environment} brand={<ArgusMark className="size-7" />}>
        {children}
      </ConsoleShell>
    </ConsoleProviders>
  );
}
