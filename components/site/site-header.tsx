import { BookOpen, LogIn } from "lucide-react";
import Link from "next/link";
import { LinkButton } from "@/components/ui/link-button";
import { cn } from "@/lib/utils/cn";
import { ArgusMark } from "./argus-mark";

type SiteHeaderProps = {
  /** Which top-level page is showing, for aria-current. */
  current?: "home" | "reference";
  /** The reference uses the full width for Swagger UI; marketing copy reads better narrower. */
  wide?: boolean;
};

export function SiteHeader({ current, wide = false }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className={cn("mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6", wide ? "max-w-[96rem]" : "max-w-6xl")}>
        <Link
          href="/"
          aria-current={current === "home" ? "page" : undefined}
          className="flex items-center gap-2.5 rounded-md text-[1.0625rem] font-semibold tracking-tight"
        >
          <ArgusMark className="size-7" />
          Argus
          <span className="sr-only">, home</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <LinkButton
            href="/reference"
            variant="ghost"
            size="sm"
            aria-current={current === "reference" ? "page" : undefined}
            className="aria-[current=page]:bg-surface-muted"
          >
            <BookOpen />
            API reference
          </LinkButton>
          {/* The sign-in page arrives with next-auth; no prefetch until then avoids a 404 fetch. */}
          <LinkButton href="/sign-in" size="sm" prefetch={false}>
            <LogIn />
            Sign in
          </LinkButton>
        </nav>
      </div>
    </header>
  );
}
