"use client";

import { Field } from "@/components/ui/field";
import { LimitedText } from "@/components/ui/limited-text";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { EventsFieldset } from "./events-fieldset";

export type WebhookDraft = { url: string; events: string[]; description: string };

export type WebhookFieldErrors = Partial<Record<keyof WebhookDraft, string>>;

/** A text of the draft is over the API's limit: the dialog's submit is disabled. */
export const webhookDraftOverLimit = (draft: WebhookDraft) => overLimit(draft.url, TEXT_LIMITS.webhookUrl) || overLimit(draft.description, TEXT_LIMITS.webhookDescription);

type WebhookFieldsProps = {
  value: WebhookDraft;
  onChange: (draft: WebhookDraft) => void;
  errors: WebhookFieldErrors;
  disabled?: boolean;
  idPrefix: string;
};

/** URL, events and description: the fields shared by the create and edit dialogs. */
export function WebhookFields({ value, onChange, errors, disabled, idPrefix }: WebhookFieldsProps) {
  return (
    <>
      <Field
        label="Endpoint URL"
        hint="An https URL on the public internet. Argus refuses addresses inside private networks (SSRF protection)."
        error={errors.url}
      >
        <LimitedText
          max={TEXT_LIMITS.webhookUrl}
          type="url"
          inputMode="url"
          value={value.url}
          onChange={(event) => onChange({ ...value, url: event.target.value })}
          placeholder="https://example.com/argus/webhooks"
          required
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
        />
      </Field>
      <EventsFieldset value={value.events} onChange={(events) => onChange({ ...value, events })} disabled={disabled} error={errors.events} idPrefix={idPrefix} />
      <Field label="Description (optional)" hint="What receives these events, e.g. “Fraud ops Slack bridge”." error={errors.description}>
        <LimitedText
          max={TEXT_LIMITS.webhookDescription}
          value={value.description}
          onChange={(event) => onChange({ ...value, description: event.target.value })}
          autoComplete="off"
          disabled={disabled}
        />
      </Field>
    </>
  );
}
