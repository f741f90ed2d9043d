"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormFieldItem, formLevelError } from "@/components/ui/form";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { updateQualityPolicyAction } from "@/lib/actions/update-quality-policy";
import type { QualityReviewPolicy } from "@/lib/api/wire";
import type { ConsoleEnvironment } from "@/lib/schemas/environment";
import type { QualityPolicyFormSchema } from "@/lib/schemas/quality-review";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import type { z } from "zod";

type FormInput = z.input<typeof QualityPolicyFormSchema>;
type FormOutput = z.output<typeof QualityPolicyFormSchema>;

/** The admin's setting: what share of resolved cases is drawn into the blind second review. */
export function QualityPolicyForm({ policy, environment }: { policy: QualityReviewPolicy; environment: ConsoleEnvironment }) {
  const router = useRouter();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/quality-review").then((m) => m.QualityPolicyFormSchema)),
    defaultValues: { percent: String(Math.round(policy.sample_rate * 10_000) / 100) },
  });
  const { execute, result, isPending } = useAction(updateQualityPolicyAction, {
    onSuccess: ({ data }) => {
      toast.success(`Quality review: ${Math.round((data?.sample_rate ?? 0) * 10_000) / 100} % of resolved cases will be drawn`);
      router.refresh();
    },
  });
  const submit = form.handleSubmit((values) =>
    execute({ environment, version: policy.version, sample_rate: Math.round(values.percent * 100) / 10_000 }),
  );
  return (
    <Card as="section" aria-labelledby="quality-policy-title">
      <CardHeader>
        <CardTitle as="h2" id="quality-policy-title">
          Quality review
        </CardTitle>
        <CardDescription>
          The share of resolved cases drawn for a blind second review by another analyst (default 5 %). Cases resolved from now on are drawn
          with it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-4">
            <FormFieldItem control={form.control} name="percent" label="Share drawn (%)" className="w-48">
              {(field) => <Input {...field} value={String(field.value ?? "")} inputMode="decimal" />}
            </FormFieldItem>
            <Button type="submit" disabled={isPending}>
              {isPending ? <Spinner /> : null}
              Save share
            </Button>
          </form>
        </Form>
        <FormError error={formLevelError(result.serverError, ["percent"])} className="mt-3" />
      </CardContent>
    </Card>
  );
}
