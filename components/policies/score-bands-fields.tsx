"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { parseNumberInput } from "@/lib/schemas/detection-policy";
import { bandsSummary } from "@/lib/format/policy";

export type BandsDraft = { block: string; challenge: string };

type ScoreBandsFieldsProps = {
  value: BandsDraft;
  onChange: (value: BandsDraft) => void;
  errors: Record<string, string>;
  disabled?: boolean;
};

/** The two thresholds and, under them, the three bands they make (when both are valid). */
export function ScoreBandsFields({ value, onChange, errors, disabled }: ScoreBandsFieldsProps) {
  const block = parseNumberInput(value.block);
  const challenge = parseNumberInput(value.challenge);
  const valid = Number.isInteger(block) && Number.isInteger(challenge) && challenge >= 0 && block <= 100 && challenge < block;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Block at or above" hint="A score from 1 to 100." error={errors["score_bands.block"]}>
          <Input type="number" inputMode="numeric" min={1} max={100} step={1} value={value.block} onChange={(event) => onChange({ ...value, block: event.target.value })} disabled={disabled} />
        </Field>
        <Field label="Challenge at or above" hint="A score from 0 to 100, below the block threshold." error={errors["score_bands.challenge"]}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={value.challenge}
            onChange={(event) => onChange({ ...value, challenge: event.target.value })}
            disabled={disabled}
          />
        </Field>
      </div>
      {valid ? (
        <div>
          <div aria-hidden="true" className="flex h-3 overflow-hidden rounded-full border border-border">
            <span className="bg-success/70" style={{ width: `${challenge}%` }} />
            <span className="bg-warning/70" style={{ width: `${block - challenge}%` }} />
            <span className="bg-danger/70" style={{ width: `${100 - block + 1}%` }} />
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            Scores: {bandsSummary({ block, challenge })}. Rules are checked first.
          </p>
        </div>
      ) : null}
    </div>
  );
}
