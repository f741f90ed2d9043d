import type { ReactElement, ReactNode } from "react";
import { cloneElement, useId } from "react";
import { cn } from "@/lib/utils/cn";

type FieldProps = {
  label: ReactNode;
  /** Shown under the label, announced with the control. */
  hint?: ReactNode;
  /** Validation message; marks the control invalid and is announced with it. */
  error?: string | readonly string[];
  /** The control (Input, NativeSelect…); receives id, aria-describedby and aria-invalid. */
  children: ReactElement<{ id?: string; "aria-describedby"?: string; "aria-invalid"?: boolean }>;
  className?: string;
};

/** A label, a control and its messages, wired together for assistive technology. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = typeof error === "string" ? error : error?.[0];
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {cloneElement(children, { id, "aria-describedby": describedBy, "aria-invalid": message ? true : undefined })}
      {message ? (
        <p id={errorId} className="text-xs font-medium text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
