import { DateTime } from "@/components/ui/date-time";

/** "Last changed … by …", or that the defaults were never changed (version 0). */
export function LastUpdated({
  updatedAt,
  updatedBy,
  version,
  currentAnalystId,
}: {
  updatedAt: string | null;
  updatedBy: string | null;
  version: number;
  currentAnalystId: string;
}) {
  if (version === 0 || !updatedAt) return <p className="text-xs text-muted-foreground">Never changed: the documented defaults apply.</p>;
  return (
    <p className="text-xs text-muted-foreground">
      Last changed <DateTime value={updatedAt} />
      {updatedBy ? <> by {updatedBy === currentAnalystId ? "you" : <code className="font-mono">{updatedBy}</code>}</> : null} (version{" "}
      {version})
    </p>
  );
}
