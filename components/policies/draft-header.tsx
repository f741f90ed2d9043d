import type { ReactNode } from "react";
import { Save, Undo2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LastUpdated } from "./last-updated";

type DraftHeaderProps = {
  headingId: string;
  title: string;
  description?: ReactNode;
  saved: { updated_at: string | null; updated_by: string | null; version: number };
  currentAnalystId: string;
  /** How many changes the draft holds (0: nothing to discard or save). */
  changeCount: number;
  pending: boolean;
  onDiscard: () => void;
  onReview: () => void;
};

/**
 * The head of an editable policy section (decision policy, detection thresholds): its title, when
 * it last changed and by whom, the draft's unsaved-change count, Discard, and Review and save.
 */
export function DraftHeader({
  headingId,
  title,
  description,
  saved,
  currentAnalystId,
  changeCount,
  pending,
  onDiscard,
  onReview,
}: DraftHeaderProps) {
  const dirty = changeCount > 0;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        <LastUpdated
          updatedAt={saved.updated_at}
          updatedBy={saved.updated_by}
          version={saved.version}
          currentAnalystId={currentAnalystId}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {dirty ? `${changeCount} unsaved ${changeCount === 1 ? "change" : "changes"}` : "No unsaved changes"}
        </span>
        <Button variant="ghost" onClick={onDiscard} disabled={!dirty || pending}>
          <Undo2 aria-hidden="true" />
          Discard
        </Button>
        <Button onClick={onReview} disabled={!dirty || pending}>
          <Save aria-hidden="true" />
          Review and save
        </Button>
      </div>
    </div>
  );
}
