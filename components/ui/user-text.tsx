import { splitHidden } from "@/lib/format/invisible-characters";
import { cn } from "@/lib/utils/cn";

type UserTextProps = {
  /** Text someone else supplied: a title, a note, a name, an id, an e-mail, a URL. */
  value: string | null | undefined;
  /** Shown (muted) when there is no value; nothing when omitted. */
  fallback?: string;
  className?: string;
};

/**
 * Text from outside the console, shown as sent: each hidden character (a bidi control, a
 * zero-width or other format character, a control character: lib/format/invisible-characters)
 * is drawn as a marker such as ⟨U+202E⟩ with its name in a tooltip and for screen readers, and
 * the whole is isolated (<bdi>) so a right-to-left name cannot reorder the text around it.
 */
export function UserText({ value, fallback, className }: UserTextProps) {
  if (value === null || value === undefined || value === "") {
    return fallback ? <span className={cn("text-muted-foreground", className)}>{fallback}</span> : null;
  }
  const parts = splitHidden(value);
  return (
    <bdi className={className}>
      {parts.map((part, i) =>
        part.hidden ? (
          <span
            key={i}
            title={`${part.hidden.name} (${part.hidden.code}): an invisible character in the text, shown here instead of being applied`}
            className="mx-px inline-block rounded-sm border border-warning/40 bg-warning-soft px-0.5 align-baseline font-mono text-[max(0.75em,0.6875rem)] leading-tight font-normal text-warning not-italic [unicode-bidi:isolate]"
            dir="ltr"
            data-hidden-character={part.hidden.code}
          >
            <span aria-hidden="true">⟨</span>
            {part.hidden.code}
            <span aria-hidden="true">⟩</span>
            <span className="sr-only"> {part.hidden.name.toLowerCase()}</span>
          </span>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}
