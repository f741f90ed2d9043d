"use client";

import { Save, Undo2 } from "lucide-react";
import { useAction } from "next-safe-action/hooks";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { updatePolicyAction } from "@/lib/actions/update-policy";
import { parseNumberInput } from "@/lib/schemas/detection-policy";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { fieldErrorsOf, mergeFieldErrors } from "@/lib/schemas/field-errors";
import { policyChanges, rulesForApi, UpdatePolicyInputSchema, type DraftRule, type Policy, type SignalInfo } from "@/lib/schemas/policy";
import { LastUpdated } from "./last-updated";
import { RuleDialog } from "./rule-dialog";
import { RulesList } from "./rules-list";
import { SaveChangesDialog } from "./save-changes-dialog";
import { ScoreBandsFields, type BandsDraft } from "./score-bands-fields";

type PolicyEditorProps = {
  policy: Policy;
  /** The catalogue for the rule form; null when it could not be loaded (adding and editing rules are then off). */
  signals: readonly SignalInfo[] | null;
  environment: ConsoleEnvironment;
  currentAnalystId: string;
};

const bandsDraftOf = (policy: Policy): BandsDraft => ({ block: String(policy.score_bands.block), challenge: String(policy.score_bands.challenge) });
const rulesDraftOf = (policy: Policy): DraftRule[] => policy.rules.map((rule) => ({ ...rule, key: rule.id }));

/**
 * Score bands and rules, edited as a draft and saved explicitly: "Review and save" lists every
 * change and only "Save" sends them (PATCH with the parts that changed).
 */
export function PolicyEditor({ policy: initial, signals, environment, currentAnalystId }: PolicyEditorProps) {
  const [saved, setSaved] = useState(initial);
  const [bands, setBands] = useState<BandsDraft>(() => bandsDraftOf(initial));
  const [rules, setRules] = useState<DraftRule[]>(() => rulesDraftOf(initial));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const { execute, result, isPending, reset } = useAction(updatePolicyAction, {
    onSuccess: ({ data }) => {
      setSaved(data);
      setBands(bandsDraftOf(data));
      setRules(rulesDraftOf(data));
      setConfirming(false);
      toast.success(`Policy of ${environmentLabels[environment]} saved (version ${data.version})`);
    },
  });

  const draftBands = { block: parseNumberInput(bands.block), challenge: parseNumberInput(bands.challenge) };
  const bandsChanged = draftBands.block !== saved.score_bands.block || draftBands.challenge !== saved.score_bands.challenge;
  const rulesChanged = JSON.stringify(rulesForApi(rules)) !== JSON.stringify(rulesForApi(rulesDraftOf(saved)));
  const changes = bandsChanged || rulesChanged ? policyChanges(saved, { score_bands: draftBands, rules }) : [];
  const dirty = changes.length > 0;

  function review() {
    reset();
    const parsed = UpdatePolicyInputSchema.safeParse({
      version: saved.version,
      score_bands: bandsChanged ? draftBands : undefined,
      rules: rulesChanged ? rulesForApi(rules) : undefined,
    });
    if (!parsed.success) {
      setClientErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setClientErrors({});
    setConfirming(true);
  }

  function save() {
    execute({
      environment,
      version: saved.version,
      score_bands: bandsChanged ? draftBands : undefined,
      rules: rulesChanged ? rulesForApi(rules) : undefined,
    });
  }

  function discard() {
    setBands(bandsDraftOf(saved));
    setRules(rulesDraftOf(saved));
    setClientErrors({});
    reset();
  }

  const known = ["score_bands.block", "score_bands.challenge", "rules", ...rules.map((_, index) => `rules.${index}`)];
  const errors = mergeFieldErrors(clientErrors, result.serverError, known);
  return (
    <section aria-labelledby="policy-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="policy-heading" className="text-lg font-semibold tracking-tight">
            Decision policy
          </h2>
          <LastUpdated updatedAt={saved.updated_at} updatedBy={saved.updated_by} version={saved.version} currentAnalystId={currentAnalystId} />
        </div>
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {dirty ? `${changes.length} unsaved ${changes.length === 1 ? "change" : "changes"}` : "No unsaved changes"}
          </span>
          <Button variant="ghost" onClick={discard} disabled={!dirty || isPending}>
            <Undo2 aria-hidden="true" />
            Discard
          </Button>
          <Button onClick={review} disabled={!dirty || isPending}>
            <Save aria-hidden="true" />
            Review and save
          </Button>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Score bands</CardTitle>
          <CardDescription>Decide a transaction by its risk score (0–100) when no rule matches.</CardDescription>
        </CardHeader>
        <CardContent>
          <ScoreBandsFields value={bands} onChange={setBands} errors={errors} disabled={isPending} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle as="h3">Rules</CardTitle>
            <CardDescription>Checked in order before the bands; the first enabled rule that matches decides. At most 100.</CardDescription>
          </div>
          {signals ? (
            <RuleDialog signals={signals} onSubmit={(rule) => setRules([...rules, rule])} disabled={isPending || rules.length >= 100} />
          ) : (
            <p className="text-sm text-muted-foreground">The signal list could not be loaded, so rules cannot be added or edited now.</p>
          )}
        </CardHeader>
        <CardContent>
          {errors.rules ? <p className="mb-2 text-sm font-medium text-danger">{errors.rules}</p> : null}
          <RulesList rules={rules} onChange={setRules} errors={errors} signals={signals} disabled={isPending} />
        </CardContent>
      </Card>
      <SaveChangesDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!isPending) setConfirming(open);
        }}
        title={`Save the policy of ${environmentLabels[environment]}?`}
        description="Live scoring uses the new policy from the next request on. These changes will be made:"
        changes={changes}
        onConfirm={save}
        isPending={isPending}
        error={result.serverError}
      />
    </section>
  );
}
