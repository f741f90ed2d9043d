"use client";

import { Check, X } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Form, FormFieldItem, formLevelError, setFieldErrors, setServerError } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { LimitedText } from "@/components/ui/limited-text";
import { Spinner } from "@/components/ui/spinner";
import { decideApprovalAction } from "@/lib/actions/decide-approval";
import type { DecideApprovalInput } from "@/lib/schemas/approval";
import { APPROVAL_REASON_MAX } from "@/lib/schemas/approval-limits";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";

const FIELDS = ["reason"] as const;

/**
 * Approve or reject, each with a reason the audit keeps. The API decides as the signed-in lead or
 * admin and refuses the maker; this form is shown only to others, the API checks again.
 */
export function DecideApprovalForm({ approvalId, environment }: { approvalId: string; environment: ConsoleEnvironment }) {
  const router = useRouter();
  const form = useForm<DecideApprovalInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/approval").then((m) => m.DecideApprovalInputSchema)),
    defaultValues: { approval_id: approvalId, verdict: "approve", reason: "" },
  });
  const reason = form.watch("reason");
  const { execute, result, isPending } = useAction(decideApprovalAction, {
    onSuccess: ({ data }) => {
      toast.success(data?.status === "approved" ? "Approved: the action applied" : "Rejected: nothing changed");
      router.refresh();
    },
    onError: ({ error }) => {
      setFieldErrors(form, error.validationErrors?.fieldErrors);
      setServerError(form, error.serverError, FIELDS);
      // Decided meanwhile, or the object moved on: show the approval as it is now.
      if (error.serverError?.status === 409) router.refresh();
    },
  });
  const submit = (verdict: DecideApprovalInput["verdict"]) =>
    form.handleSubmit((values) => execute({ ...values, verdict, approval_id: approvalId, environment }));

  return (
    <Card as="section" aria-labelledby="decide-approval" className="grid gap-4 p-5">
      <div>
        <h2 id="decide-approval" className="text-base font-semibold">
          Your decision
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Approving applies the action as the maker sent it; rejecting changes nothing. Either way your reason is kept in the audit.
        </p>
      </div>
      <FormError error={formLevelError(result.serverError, FIELDS)} />
      <Form {...form}>
        <form onSubmit={submit("approve")} noValidate className="grid gap-4">
          <FormFieldItem control={form.control} name="reason" label="Reason">
            {(field) => <LimitedText multiline max={APPROVAL_REASON_MAX} {...field} value={reason} />}
          </FormFieldItem>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={isPending}>
              {isPending ? <Spinner /> : <Check aria-hidden="true" />}
              Approve
            </Button>
            <Button variant="secondary" disabled={isPending} onClick={() => void submit("reject")()}>
              <X aria-hidden="true" />
              Reject
            </Button>
          </div>
        </form>
      </Form>
    </Card>
  );
}
