"use client";

import { useFormContext } from "react-hook-form";
import { FormFieldItem } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import type { PeriodForm } from "@/lib/schemas/period";
import type { SafeError } from "@/lib/schemas/safe-error";

/** From and to (whole UTC days, both included), inside a form whose values are a PeriodForm. */
export function PeriodFields({ disabled }: { disabled?: boolean }) {
  const { control } = useFormContext<PeriodForm>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormFieldItem control={control} name="start" label="From" description="The first day (UTC).">
        {(field) => <Input type="date" {...field} disabled={disabled} />}
      </FormFieldItem>
      <FormFieldItem control={control} name="end" label="To" description="The last day (UTC), included.">
        {(field) => <Input type="date" {...field} disabled={disabled} />}
      </FormFieldItem>
    </div>
  );
}

/** The API names `start_time` / `end_time`; the form's fields are the days. */
export function periodFieldOf(error: SafeError | undefined): "start" | "end" | null {
  if (error?.param === "start_time") return "start";
  if (error?.param === "end_time") return "end";
  return null;
}
