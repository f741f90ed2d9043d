"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A link that prefetches its page once the analyst shows intent (pointer over it, keyboard focus,
 * a touch), not when it scrolls into view. For links on every page, such as the console's
 * navigation: viewport prefetching had each page load send the console server a prefetch request
 * per navigation link (about 36 for an administrator), in competition with the page's own render.
 * The pattern is Next.js's "hover-triggered prefetch" (its Prefetching guide).
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
