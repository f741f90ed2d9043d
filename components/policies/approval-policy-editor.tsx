"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormField, FormFieldItem } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { updateApprovalPolicyAction } from "@/lib/actions/update-approval-policy";
import type { ApprovalPolicy } from "@/lib/api/wire";
import type { ApprovalPolicyForm } from "@/lib/schemas/approval-policy";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";

const formOf = (p: ApprovalPolicy): ApprovalPolicyForm => ({
  min_exposure: p.case_false_positive_min_exposure === null ? "" : String(p.case_false_positive_min_exposure),
  screening_review: p.screening_review,
  score_policy_publish: p.score_policy_publish,
});

const checks = [
  { name: "screening_review", label: "A watchlist review recorded as true match or false positive" },
  { name: "score_policy_publish", label: "Publishing score bands or rules" },
] as const;

/** Which actions wait for a second person (four-eyes); saved on the version shown (If-Match). */
export function ApprovalPolicyEditor({ policy, environment }: { policy: ApprovalPolicy; environment: ConsoleEnvironment }) {
  const router = useRouter();
  const form = useForm<ApprovalPolicyForm>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/approval-policy").then((m) => m.ApprovalPolicyFormSchema)),
    defaultValues: formOf(policy),
  });
  const { execute, result, isPending } = useAction(updateApprovalPolicyAction, {
    onSuccess: ({ data }) => {
      form.reset(formOf(data));
      toast.success(`Approval policy of ${environmentLabels[environment]} saved (version ${data.version})`);
      router.refresh();
    },
  });
  const save = form.handleSubmit((values) =>
    execute({
      environment,
      version: policy.version,
      case_false_positive_min_exposure: values.min_exposure === "" ? null : Number(values.min_exposure),
      screening_review: values.screening_review,
      score_policy_publish: values.score_policy_publish,
    }),
  );

  return (
    <section aria-labelledby="approval-policy-heading" className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="approval-policy-heading">
            Four-eyes approvals
          </CardTitle>
          <CardDescription>
            These actions wait for a lead or admin other than the person who made them; nothing changes until one approves.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormError error={result.serverError} className="mb-4" />
          <Form {...form}>
            <form onSubmit={save} noValidate className="grid max-w-xl gap-4">
              <FormFieldItem
                control={form.control}
                name="min_exposure"
                label="Resolving a case as a false positive, from an exposure of"
                description="The sum of the case's linked transaction amounts, in minor units. Empty: never held."
              >
                {(field) => <Input inputMode="numeric" {...field} />}
              </FormFieldItem>
              {checks.map((check) => (
                <FormField
                  key={check.name}
                  control={form.control}
                  name={check.name}
                  render={({ field }) => (
                    <label className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        onBlur={field.onBlur}
                        className="mt-0.5 size-4 accent-primary"
                      />
                      {check.label}
                    </label>
                  )}
                />
              ))}
              <div>
                <Button type="submit" disabled={isPending || !form.formState.isDirty}>
                  {isPending ? <Spinner /> : null}
                  Save approval policy
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
