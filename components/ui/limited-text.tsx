"use client";

import { useEffect, useId, useRef, useState, type ComponentProps } from "react";
import { countText, limitAnnouncement, limitState, tooLongMessage } from "@/lib/schemas/text-limits";
import { cn } from "@/lib/utils/cn";
import { inputClassName } from "./input";

type Shared = {
  /** The API's limit for this field (lib/schemas/text-limits.ts). */
  max: number;
  value: string;
  /** Set by <Field>: passed on to the control, with the counter added to the description. */
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  /** Classes of the wrapper (the control and its counter). */
  className?: string;
};

type LimitedTextProps =
  | (Shared & { multiline: true } & Omit<ComponentProps<"textarea">, "value" | "maxLength" | "className" | "id">)
  | (Shared & { multiline?: false } & Omit<ComponentProps<"input">, "value" | "maxLength" | "className" | "id">);

/**
 * A text input or textarea with a live counter ("123 / 5,000"). Over the limit the counter and the
 * control turn to their error state, the control is invalid for the browser (its form's submit is
 * refused) and the form should disable its button (`overLimit`): text is never cut, as a
 * `maxLength` would cut a paste, silently. A screen reader hears, politely, when the text comes
 * near the limit and when it goes over (not at every key).
 */
export function LimitedText(props: LimitedTextProps) {
  const { max, value, id, className, "aria-describedby": describedBy, "aria-invalid": invalid, multiline, ...rest } = props;
  const counterId = `${useId()}-count`;
  const count = countText(value, max);
  const state = limitState(count);
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  // The announcement changes only when the state does (React's "adjust state while rendering").
  const [announced, setAnnounced] = useState({ state, text: "" });
  if (announced.state !== state) setAnnounced({ state, text: limitAnnouncement(count) });

  useEffect(() => {
    control.current?.setCustomValidity(count.over ? `${tooLongMessage(max)} Shorten this text (${count.counter}).` : "");
  }, [count.over, count.counter, max]);

  const shared = {
    id,
    ref: control,
    value,
    "aria-describedby": [describedBy, counterId].filter(Boolean).join(" "),
    "aria-invalid": invalid || count.over ? true : undefined,
  };
  // Over the limit the error border stays while the field has focus (the focus ring would hide it).
  const controlClass = cn(
    inputClassName,
    "aria-[invalid=true]:focus-visible:border-danger aria-[invalid=true]:focus-visible:outline-danger",
  );
  return (
    <div className={cn("grid gap-1", className)}>
      {multiline ? (
        <textarea rows={4} {...(rest as ComponentProps<"textarea">)} {...shared} className={cn(controlClass, "h-auto min-h-24 py-2")} />
      ) : (
        <input {...(rest as ComponentProps<"input">)} {...shared} className={controlClass} />
      )}
      <p id={counterId} className={cn("text-right text-xs tabular-nums", count.over ? "font-medium text-danger" : "text-muted-foreground")}>
        <span className="sr-only">Characters: </span>
        {count.counter}
        {count.excess ? ` · ${count.excess}` : null}
      </p>
      <span className="sr-only" aria-live="polite">
        {announced.text}
      </span>
    </div>
  );
}
