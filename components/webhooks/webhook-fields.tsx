"use client";

import { useFormContext } from "react-hook-form";
import { FormField, FormFieldItem } from "@/components/ui/form";
import { LimitedText } from "@/components/ui/limited-text";
import { overLimit, TEXT_LIMITS } from "@/lib/schemas/text-limits";
import { EventsFieldset } from "./events-fieldset";

export type WebhookDraft = { url: string; events: string[]; description: string };

/** A text of the draft is over the API's limit: the dialog's submit is disabled. */
export const webhookDraftOverLimit = (draft: Partial<WebhookDraft>) =>
  overLimit(draft.url ?? "", TEXT_LIMITS.webhookUrl) || overLimit(draft.description ?? "", TEXT_LIMITS.webhookDescription);

/**
 * URL, events and description: the fields shared by the create and edit dialogs, inside their
 * form (react-hook-form's context), each with its own message.
 */
export function WebhookFields({ disabled, idPrefix }: { disabled?: boolean; idPrefix: string }) {
  const { control } = useFormContext<WebhookDraft>();
  return (
    <>
      <FormFieldItem
        control={control}
        name="url"
        label="Endpoint URL"
        description="An https URL on the public internet. Argus refuses addresses inside private networks (SSRF protection)."
      >
        {(field) => (
          <LimitedText
            max={TEXT_LIMITS.webhookUrl}
            type="url"
            inputMode="url"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder="https://example.com/argus/webhooks"
            required
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
          />
        )}
      </FormFieldItem>
      <FormField
        control={control}
        name="events"
        render={({ field, fieldState }) => (
          <EventsFieldset
            value={field.value}
            onChange={field.onChange}
            disabled={disabled}
            error={fieldState.error?.message}
            idPrefix={idPrefix}
          />
        )}
      />
      <FormFieldItem
        control={control}
        name="description"
        label="Description (optional)"
        description="What receives these events, e.g. “Fraud ops Slack bridge”."
      >
        {(field) => (
          <LimitedText
            max={TEXT_LIMITS.webhookDescription}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            autoComplete="off"
            disabled={disabled}
          />
        )}
      </FormFieldItem>
    </>
  );
}
