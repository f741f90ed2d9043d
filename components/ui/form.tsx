"use client";

import { Slot } from "radix-ui";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from "react";
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type Control,
  type ControllerProps,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import { fieldForParam } from "@/lib/schemas/field-errors";
import type { SafeError } from "@/lib/schemas/safe-error";
import { cn } from "@/lib/utils/cn";

// The console's one form pattern: react-hook-form holds the values, the form's zod schema (through
// @hookform/resolvers) says what is wrong, and these parts wire a label, a control, its hint and
// its message together for assistive technology (label for, aria-describedby, aria-invalid).
//
//   <Form {...form}>
//     <form onSubmit={form.handleSubmit(send)} noValidate>
//       <FormField control={form.control} name="label" render={({ field }) => (
//         <FormItem>
//           <FormLabel>Label</FormLabel>
//           <FormDescription>Which service uses it.</FormDescription>
//           <FormControl><Input {...field} /></FormControl>
//           <FormMessage />
//         </FormItem>
//       )} />

export const Form = FormProvider;

const FieldNameContext = createContext<{ name: string } | null>(null);

export function FormField<
  TValues extends FieldValues = FieldValues,
  TName extends FieldPath<TValues> = FieldPath<TValues>,
  TTransformed = TValues,
>(props: ControllerProps<TValues, TName, TTransformed>) {
  return (
    <FieldNameContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FieldNameContext.Provider>
  );
}

type ItemContext = { id: string; hasDescription: boolean; setHasDescription: (has: boolean) => void };
const FormItemContext = createContext<ItemContext | null>(null);

/** The ids and error of the field around the caller (a FormField, then a FormItem). */
export function useFormField() {
  const field = useContext(FieldNameContext);
  const item = useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item) throw new Error("useFormField: use it inside <FormField> and <FormItem>");
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    formItemId: `${item.id}-control`,
    formDescriptionId: `${item.id}-description`,
    formMessageId: `${item.id}-message`,
    hasDescription: item.hasDescription,
    error: state.error,
  };
}

/** One field: a label, a control, an optional hint and the message. A fieldset for radio groups. */
export function FormItem({ as = "div", className, ...props }: ComponentProps<"div"> & { as?: "div" | "fieldset"; disabled?: boolean }) {
  const id = useId();
  const name = useContext(FieldNameContext)?.name;
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name });
  const invalid = name !== undefined && getFieldState(name, formState).invalid;
  const [hasDescription, setHasDescription] = useState(false);
  const context = useMemo(() => ({ id, hasDescription, setHasDescription }), [id, hasDescription]);
  // A fieldset takes the props a div is given here (className, aria-*, children).
  const Element = as as "div";
  return (
    <FormItemContext.Provider value={context}>
      {/* A radio group's message describes the whole group: the fieldset points at it. */}
      <Element
        className={cn("grid gap-1.5", className)}
        aria-describedby={as === "fieldset" && invalid ? `${id}-message` : undefined}
        {...props}
      />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<"label">) {
  const { formItemId } = useFormField();
  return <label htmlFor={formItemId} className={cn("text-sm font-medium", className)} {...props} />;
}

/** The control: receives the id the label points at, the hint and message it is described by, and aria-invalid. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { formItemId, formDescriptionId, formMessageId, hasDescription, error } = useFormField();
  const describedBy = [hasDescription ? formDescriptionId : null, error ? formMessageId : null].filter(Boolean).join(" ") || undefined;
  return <Slot.Root id={formItemId} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...props} />;
}

export function FormDescription({ className, ...props }: ComponentProps<"p">) {
  const { formDescriptionId } = useFormField();
  const setHasDescription = useContext(FormItemContext)?.setHasDescription;
  // The control names the hint only while it is rendered: no dangling aria-describedby.
  useEffect(() => {
    setHasDescription?.(true);
    return () => setHasDescription?.(false);
  }, [setHasDescription]);
  return <p id={formDescriptionId} className={cn("text-xs leading-relaxed text-muted-foreground", className)} {...props} />;
}

/** The field's error (client-side from the schema, or the API's refusal placed on the field). */
export function FormMessage({ className, children, ...props }: ComponentProps<"p">) {
  const { formMessageId, error } = useFormField();
  const body = error?.message ? String(error.message) : children;
  if (!body) return null;
  return (
    <p id={formMessageId} className={cn("text-xs font-medium text-danger", className)} {...props}>
      {body}
    </p>
  );
}

/**
 * The usual field in one element: a FormField whose item has a label, an optional hint, the
 * control the render function returns (wrapped in FormControl) and the message.
 */
export function FormFieldItem<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  description,
  className,
  children,
}: {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  children: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormControl>{children(field)}</FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The API's refusal when no field of the form takes it: shown above the fields instead. */
export function formLevelError<TValues extends FieldValues>(
  error: SafeError | undefined,
  fields: readonly Path<TValues>[],
): SafeError | undefined {
  return fieldForParam(error?.param, fields) ? undefined : error;
}

/**
 * Places the API's refusal of a submission on the field it names (`param`, a dotted path such as
 * `rules.0.name`), when the form has that field; returns whether it did, so the caller can keep
 * the form-level message for the rest.
 */
export function setServerError<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, "setError">,
  error: SafeError | undefined,
  fields: readonly Path<TValues>[],
): boolean {
  const field = fieldForParam(error?.param, fields);
  if (!field || !error) return false;
  form.setError(field as Path<TValues>, { type: "server", message: error.message }, { shouldFocus: true });
  return true;
}

/** The action's own validation errors (next-safe-action's flattened `fieldErrors`), each on its field. */
export function setFieldErrors<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, "setError">,
  fieldErrors: Partial<Record<string, readonly string[] | undefined>> | undefined,
): void {
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages?.[0]) form.setError(field as Path<TValues>, { type: "server", message: messages[0] });
  }
}
