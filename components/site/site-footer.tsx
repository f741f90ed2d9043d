import Link from "next/link";
import { ArgusMark } from "./argus-mark";

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2">
          <ArgusMark className="size-5" />
          <span>
            <span className="font-medium text-foreground">Argus</span> is open-source fraud prevention you run yourself.
          </span>
        </p>
        <nav aria-label="Footer" className="flex gap-5">
          <Link href="/reference" className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
            API reference
          </Link>
          <Link href="/sign-in" prefetch={false} className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
            Sign in
          </Link>
        </nav>
      </div>
    </footer>
  );
}
