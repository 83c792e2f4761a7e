"use client";
// Forms, one way across the app: react-hook-form with the zod schema of the fields (the API's own, from the domain),
// checked when a field is left and on submit, and each message shown under its field in plain words.
import { type ReactNode, useId } from "react";
import { type FieldValues, type Path, type UseFormProps, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { cn } from "../lib/cn";
import { Label } from "./label";

/** What `useZodForm` answers, for components that take a part of such a form. */
export type UseZodFormReturn<Schema extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<
  z.input<Schema>,
  unknown,
  z.output<Schema>
>;

/**
 * A form whose schema (and zod with it) loads when it is first needed, the first field left or the first submit: for
 * a page whose first load must stay small (the login page). Otherwise as `useZodForm`.
 */
export function useLazyZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver"> = {},
): UseZodFormReturn<Schema> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: "onTouched",
    ...options,
    resolver: async (values, context, resolverOptions) => {
      const [schema, { zodResolver: resolve }] = await Promise.all([load(), import("@hookform/resolvers/zod")]);
      return resolve(schema)(values, context, resolverOptions);
    },
  });
}

/** What a field's control needs to be labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The message under the field, when its value is refused. */
  error?: string | undefined;
  /** A line of help under the field. */
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control, a hint and the field's message, tied together for assistive technology. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}

/** The message react-hook-form holds for a field, if any. */
export function fieldError<Values extends FieldValues>(form: UseFormReturn<Values, unknown, FieldValues>, name: Path<Values>) {
  const message = form.getFieldState(name, form.formState).error?.message;
  return typeof message === "string" ? message : undefined;
}

/**
 * Puts the server's refusals of single fields (tRPC's zodError, as the API's error formatter sends it) under those
 * fields; answers whether any was placed, so the caller shows the rest as the form's own error.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, FieldValues>,
  error: unknown,
): boolean {
  const fieldErrors = (error as { data?: { zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null } } | null)?.data
    ?.zodError?.fieldErrors;
  if (!fieldErrors) return false;
  const known = new Set(Object.keys(form.getValues()));
  let placed = false;
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const message = messages?.[0];
    if (!message || !known.has(name)) continue;
    form.setError(name as Path<Values>, { type: "server", message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
