import "server-only";

import { cookies } from "next/headers";

// The analyst's time zone, as their browser reported it (components/ui/time-zone-cookie.tsx);
// UTC until it has. Only a zone Intl knows is used.
export const TIME_ZONE_COOKIE = "argus_tz";

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export async function analystTimeZone(): Promise<string> {
  const zone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  return zone && zone.length <= 64 && isTimeZone(zone) ? zone : "UTC";
}
