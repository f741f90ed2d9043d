"use client";

import { useAction } from "next-safe-action/hooks";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { updateCaseAction } from "@/lib/actions/update-case";
import { seenSeq } from "@/lib/format/case";
import type { Case } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";

/**
 * Assigning from a case list (the lead's assign menu): a PATCH of the version the list showed, the
 * row marked pending meanwhile. If someone took or changed the case first, the toast says what
 * changed and offers to assign it anyway, on the case as it is now.
 */
export function useAssignCase(environment: ConsoleEnvironment, refresh: () => void) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const assign = useAction(updateCaseAction, {
    onSuccess: () => {
      toast.success("Assignment changed");
      refresh();
    },
    onError: ({ error, input }) => {
      const conflict = error.serverError?.conflict;
      toast.error(error.serverError?.message ?? "The case could not be assigned.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
        action: conflict
          ? { label: "Assign anyway", onClick: () => assign.execute({ ...input, version: conflict.currentVersion }) }
          : undefined,
      });
      if (conflict) refresh();
    },
    onSettled: () => setPendingId(null),
  });
  const { execute } = assign;
  // Stable (execute is), so the table's columns are not rebuilt on every render.
  const onAssign = useCallback(
    (kase: Case, assigneeId: string | null) => {
      setPendingId(kase.case_id);
      execute({ id: kase.case_id, version: kase.version, seen_seq: seenSeq(kase), assignee_id: assigneeId, environment });
    },
    [execute, environment],
  );
  return { pendingId, onAssign };
}
