"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { updatePolicyAction } from "@/lib/actions/update-policy";
import { parseNumberInput } from "@/lib/schemas/detection-fields";
import { lazyZodResolver } from "@/lib/schemas/lazy-zod-resolver";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { fieldErrorsOf, fieldForParam, mergeFieldErrors } from "@/lib/schemas/field-errors";
import { bandsAreValid, policyChanges, rulesForApi, type DraftRule } from "@/lib/schemas/policy-draft";
import type { ScoreBandsInput } from "@/lib/schemas/policy";
import type { Policy, SignalInfo } from "@/lib/api/wire";
import { BacktestPanel } from "./backtest-panel";
import { RuleDialog } from "./rule-dialog";
import { TryTransaction } from "./try-transaction";
import { RulesList } from "./rules-list";
import { HeldNotice } from "@/components/ui/held-notice";
import { DraftHeader } from "./draft-header";
import { SaveChangesDialog } from "./save-changes-dialog";
import { ScoreBandsFields, type BandsDraft } from "./score-bands-fields";

type PolicyEditorProps = {
  policy: Policy;
  /** The catalogue for the rule form; null when it could not be loaded (adding and editing rules are then off). */
  signals: readonly SignalInfo[] | null;
  environment: ConsoleEnvironment;
  currentAnalystId: string;
  /** A transaction id to try against the draft at once (the transaction page's `?try=`). */
  tryId?: string;
};

const bandsDraftOf = (policy: Policy): BandsDraft => ({
  block: String(policy.score_bands.block),
  challenge: String(policy.score_bands.challenge),
});
const rulesDraftOf = (policy: Policy): DraftRule[] => policy.rules.map((rule) => ({ ...rule, key: rule.id }));

/**
 * Score bands and rules, edited as a draft and saved explicitly: "Review and save" lists every
 * change and only "Save" sends them (PATCH with the parts that changed).
 */
export function PolicyEditor({ policy: initial, signals, environment, currentAnalystId, tryId }: PolicyEditorProps) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const bandsForm = useForm<BandsDraft, unknown, ScoreBandsInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/policy").then((m) => m.ScoreBandsFormSchema)),
    defaultValues: bandsDraftOf(initial),
    mode: "onTouched",
  });
  const bands = bandsForm.watch();
  const [rules, setRules] = useState<DraftRule[]>(() => rulesDraftOf(initial));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [held, setHeld] = useState<string | null>(null);

  const { execute, result, isPending, reset } = useAction(updatePolicyAction, {
    onError: ({ error }) => {
      // The API's refusal of a threshold goes next to it (`score_bands.block` → block).
      const field = fieldForParam(error.serverError?.param, ["score_bands.block", "score_bands.challenge"]);
      if (field && error.serverError)
        bandsForm.setError(field === "score_bands.block" ? "block" : "challenge", { type: "server", message: error.serverError.message });
    },
    onSuccess: ({ data }) => {
      if (data.object === "approval") {
        // Held for a second person: the published policy stays as it is until a lead approves.
        setHeld(data.approval_id);
        setConfirming(false);
        toast.success("Sent for approval", { description: "The policy stays as it is until another lead or admin approves." });
        return;
      }
      setHeld(null);
      setSaved(data);
      bandsForm.reset(bandsDraftOf(data));
      setRules(rulesDraftOf(data));
      setConfirming(false);
      toast.success(`Policy of ${environmentLabels[environment]} saved (version ${data.version})`);
    },
  });

  const draftBands = { block: parseNumberInput(bands.block), challenge: parseNumberInput(bands.challenge) };
  const bandsChanged = draftBands.block !== saved.score_bands.block || draftBands.challenge !== saved.score_bands.challenge;
  const rulesChanged = JSON.stringify(rulesForApi(rules)) !== JSON.stringify(rulesForApi(rulesDraftOf(saved)));
  const changes = bandsChanged || rulesChanged ? policyChanges(saved, { score_bands: draftBands, rules }) : [];

  // The bands form judges the thresholds (each next to its field); the rules are judged here.
  const review = bandsForm.handleSubmit(async () => {
    reset();
    // Loaded already by the bands' resolver.
    const { UpdatePolicyInputSchema } = await import("@/lib/schemas/policy");
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
  });

  function save(version = saved.version) {
    execute({
      environment,
      version,
      score_bands: bandsChanged ? draftBands : undefined,
      rules: rulesChanged ? rulesForApi(rules) : undefined,
    });
  }

  function discard() {
    bandsForm.reset(bandsDraftOf(saved));
    setRules(rulesDraftOf(saved));
    setClientErrors({});
    reset();
  }

  // The draft the backtest and the try replay: what the editor shows now, valid bands only.
  const bandsValid = bandsAreValid(draftBands);
  const draft = bandsValid ? { score_bands: draftBands, rules: rulesForApi(rules) } : null;

  const known = ["rules", ...rules.map((_, index) => `rules.${index}`)];
  const errors = mergeFieldErrors(clientErrors, result.serverError, known);
  return (
    <section aria-labelledby="policy-heading" className="grid gap-4">
      <DraftHeader
        headingId="policy-heading"
        title="Decision policy"
        saved={saved}
        currentAnalystId={currentAnalystId}
        changeCount={changes.length}
        pending={isPending}
        onDiscard={discard}
        onReview={review}
      />
      {held ? <HeldNotice approvalId={held} what="publishing this policy" /> : null}
      <Card>
        <CardHeader>
          <CardTitle as="h3">Score bands</CardTitle>
          <CardDescription>Decide a transaction by its risk score (0–100) when no rule matches.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...bandsForm}>
            <ScoreBandsFields disabled={isPending} />
          </Form>
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
      <BacktestPanel draft={draft} environment={environment} />
      <TryTransaction draft={draft} initialId={tryId} />
      <SaveChangesDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!isPending) setConfirming(open);
        }}
        title={`Save the policy of ${environmentLabels[environment]}?`}
        description="Live scoring uses the new policy from the next request on. These changes will be made:"
        changes={changes}
        onConfirm={() => save()}
        isPending={isPending}
        error={result.serverError}
        onRedo={save}
        onDiscard={() => {
          setConfirming(false);
          reset();
          // The page keys this editor by version: it starts again from the policy now in force.
          router.refresh();
        }}
      />
    </section>
  );
}
