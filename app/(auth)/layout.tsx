import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center bg-surface-muted/60 px-4 py-12 focus:outline-none">
      {children}
    </main>
  );
}
