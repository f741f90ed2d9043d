"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../button";
import { Spinner } from "../spinner";

export type CursorPaginationControls = {
  page: number;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** A page is being fetched. */
  busy?: boolean;
};

/** Previous / next for cursor pagination: the API gives no total, so no page count either. */
export function PaginationBar({ page, canPrevious, canNext, onPrevious, onNext, busy = false }: CursorPaginationControls) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 border-t border-border px-4 py-3">
      <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        Page {page}
        {busy ? (
          <>
            <Spinner />
            <span className="sr-only">Loading</span>
          </>
        ) : null}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onPrevious} disabled={!canPrevious || busy}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="secondary" size="sm" onClick={onNext} disabled={!canNext || busy}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
