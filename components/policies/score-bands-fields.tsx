"use client";

import { useFormContext } from "react-hook-form";
import { FormFieldItem } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { parseNumberInput } from "@/lib/schemas/detection-fields";
import { bandsSummary } from "@/lib/format/policy";

export type BandsDraft = { block: string; challenge: string };

/** The two thresholds (inside the editor's bands form) and, under them, the three bands they make. */
export function ScoreBandsFields({ disabled }: { disabled?: boolean }) {
  const { control, watch } = useFormContext<BandsDraft>();
  const block = parseNumberInput(watch("block"));
  const challenge = parseNumberInput(watch("challenge"));
  const valid = Number.isInteger(block) && Number.isInteger(challenge) && challenge >= 0 && block <= 100 && challenge < block;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormFieldItem control={control} name="block" label="Block at or above" description="A score from 1 to 100.">
          {(field) => <Input type="number" inputMode="numeric" min={1} max={100} step={1} {...field} disabled={disabled} />}
        </FormFieldItem>
        <FormFieldItem
          control={control}
          name="challenge"
          label="Challenge at or above"
          description="A score from 0 to 100, below the block threshold."
        >
          {(field) => <Input type="number" inputMode="numeric" min={0} max={100} step={1} {...field} disabled={disabled} />}
        </FormFieldItem>
      </div>
      {valid ? (
        <div>
          <div aria-hidden="true" className="flex h-3 overflow-hidden rounded-full border border-border">
            <span className="bg-success/70" style={{ width: `${challenge}%` }} />
            <span className="bg-warning/70" style={{ width: `${block - challenge}%` }} />
            <span className="bg-danger/70" style={{ width: `${100 - block + 1}%` }} />
          </div>
          <p className="mt-2 text-xs text-muted-foreground">Scores: {bandsSummary({ block, challenge })}. Rules are checked first.</p>
        </div>
      ) : null}
    </div>
  );
}
