import { GitMerge } from "lucide-react";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";
import { Button } from "./button";
import { Spinner } from "./spinner";
import { UserText } from "./user-text";

type ConflictNoticeProps = {
  /** A version_conflict error with what changed (lib/actions/version-conflict.ts). */
  error: SafeError;
  /** The analyst's own change, to redo on the current version ("Move to In review"). */
  redoLabel: string;
  onRedo: () => void;
  onDismiss: () => void;
  pending?: boolean;
  className?: string;
};

/**
 * Someone else changed the object while the analyst looked at it: their change was not applied.
 * Says what changed, then lets them redo their change on the current version, or leave it.
 */
export function ConflictNotice({ error, redoLabel, onRedo, onDismiss, pending = false, className }: ConflictNoticeProps) {
  const changes = error.conflict?.changes ?? [];
  return (
    <div role="alert" className={cn("grid gap-2 rounded-lg border border-warning/50 bg-warning-soft p-3 text-sm", className)}>
      <p className="flex items-center gap-2 font-medium">
        <GitMerge aria-hidden="true" className="size-4 shrink-0" />
        Changed while you were looking: your change was not applied.
      </p>
      {changes.length > 0 ? (
        <ul className="grid list-disc gap-0.5 pl-5">
          {changes.map((change, i) => (
            <li key={i}>
              <UserText value={change} />
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <UserText value={error.message} />
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onRedo} disabled={pending}>
          {pending ? <Spinner /> : null}
          Redo: {redoLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss} disabled={pending}>
          Leave it as it is now
        </Button>
      </div>
    </div>
  );
}
