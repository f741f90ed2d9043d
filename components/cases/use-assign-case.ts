"use client";

import { useAction } from "next-safe-action/hooks";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { updateCaseAction } from "@/lib/actions/update-case";
import { seenSeq } from "@/lib/format/case";
import { revealHidden } from "@/lib/format/invisible-characters";
import type { Case } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { Reassignment } from "./reassign-dialog";

const UNDO_MS = 8_000;

/**
 * Assigning from a case list (the lead's assign menu) or the case page (its Reassign): the choice opens a confirmation with an
 * optional reason (`assignment_reason`), then a PATCH of the version the list showed, the row
 * marked pending meanwhile. The success toast offers undo for a few seconds: a reassignment back,
 * sent with the version the first one returned, so it is refused too if someone changed the case
 * since. If someone took or changed the case first, the toast says what changed and offers to
 * assign it anyway, on the case as it is now.
 */
/** What a reassignment needs of a case: the list's rows and the detail page both have it. */
type Assignable = Pick<Case, "case_id" | "title" | "version" | "assignee_id" | "events">;

export function useAssignCase(environment: ConsoleEnvironment, refresh: () => void, names: Record<string, string> = {}) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [proposal, setProposal] = useState<(Reassignment & { kase: Assignable }) | null>(null);
  const nameOf = useCallback((id: string | null) => (id === null ? "Unassigned" : (names[id] ?? id)), [names]);
  // The assignee before the last change, for its undo (the action's input carries only the new one).
  const before = useRef<{ caseId: string; assigneeId: string | null } | null>(null);

  const undo = useAction(updateCaseAction, {
    onSuccess: () => {
      toast.success("Assignment undone");
      refresh();
    },
    onError: ({ error }) => {
      toast.error(error.serverError?.message ?? "The assignment could not be undone.");
      if (error.serverError?.conflict) refresh();
    },
  });
  const assign = useAction(updateCaseAction, {
    onSuccess: ({ data, input }) => {
      const previous = before.current;
      const kase = data?.kase;
      setProposal(null);
      refresh();
      if (!kase || !previous || previous.caseId !== kase.case_id) return void toast.success("Assignment changed");
      toast.success(kase.assignee_id ? `Assigned to ${revealHidden(nameOf(kase.assignee_id))}` : "Case unassigned", {
        duration: UNDO_MS,
        action: {
          label: "Undo",
          onClick: () =>
            undo.execute({
              id: kase.case_id,
              version: kase.version,
              seen_seq: seenSeq(kase),
              assignee_id: previous.assigneeId,
              assignment_reason: "Undo of the previous reassignment",
              environment: input.environment,
            }),
        },
      });
    },
    onError: ({ error, input }) => {
      const conflict = error.serverError?.conflict;
      setProposal(null);
      toast.error(error.serverError?.message ?? "The case could not be assigned.", {
        description: error.serverError?.requestId ? `Request id ${error.serverError.requestId}` : undefined,
        duration: conflict ? 15_000 : undefined,
        action: conflict
          ? { label: "Assign anyway", onClick: () => assign.execute({ ...input, version: conflict.currentVersion }) }
          : undefined,
      });
      if (conflict) refresh();
    },
    onSettled: () => setPendingId(null),
  });
  const { execute } = assign;
  // Stable (setProposal is), so the table's columns are not rebuilt on every render.
  const onAssign = useCallback((kase: Assignable, assigneeId: string | null) => {
    setProposal({ kase, caseId: kase.case_id, title: kase.title, from: kase.assignee_id, to: assigneeId });
  }, []);
  const confirm = useCallback(
    (reason: string | undefined) => {
      if (!proposal) return;
      const { kase, to } = proposal;
      before.current = { caseId: kase.case_id, assigneeId: kase.assignee_id };
      setPendingId(kase.case_id);
      execute({
        id: kase.case_id,
        version: kase.version,
        seen_seq: seenSeq(kase),
        assignee_id: to,
        ...(reason ? { assignment_reason: reason } : {}),
        environment,
      });
    },
    [execute, environment, proposal],
  );
  const dialog = { proposal, nameOf, pending: assign.isPending, onCancel: () => setProposal(null), onConfirm: confirm };
  return { pendingId, onAssign, dialog };
}
