import { cn } from "@/lib/utils/cn";

// Times are shown in UTC, as the API returns them: the server render and the browser then agree
// (no hydration mismatch), and analysts comparing notes across time zones see the same value.

const dateTime = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "short",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  hourCycle: "h23",
});

export function formatDateTime(iso: string, { zone = true }: { zone?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return zone ? `${dateTime.format(date)} UTC` : dateTime.format(date);
}

type DateTimeProps = {
  value: string | null | undefined;
  empty?: string;
  /** Leave out "UTC" where the context already says it (a table column headed "(UTC)"). */
  zone?: boolean;
  className?: string;
};

export function DateTime({ value, empty = "—", zone = true, className }: DateTimeProps) {
  if (!value) return <span className={cn("text-muted-foreground", className)}>{empty}</span>;
  return (
    <time dateTime={value} title={`${value} (UTC)`} className={cn("whitespace-nowrap tabular-nums", className)}>
      {formatDateTime(value, { zone })}
    </time>
  );
}
