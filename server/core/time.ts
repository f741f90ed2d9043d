// The wire format of every timestamp: ISO 8601 in UTC to the second
// (server/README.md, "Lists and time").
export function isoSeconds(date: Date | number | string | null | undefined): string | null {
  if (date === null || date === undefined) return null;
  const d = date instanceof Date ? date : new Date(date);
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function iso(date: Date | number | string): string {
  return isoSeconds(date) as string;
}
