"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Tells the server the browser's time zone (a cookie) so "today" counts start at local midnight. */
export function TimeZoneCookie({ current }: { current: string }) {
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === current) return;
    document.cookie = `argus_tz=${zone}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  }, [current, router]);
  return null;
}
