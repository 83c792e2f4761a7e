// Pieces every form of the app repeats: the error line under it, its submit button, and the list of businesses to choose from.
import { Button } from "@atelier/ui";
import type { ReactNode } from "react";
import { type ErrorWithFields, plainErrorMessage } from "./toast-error";

/** The form's own error line; with `fieldsShown`, refusals of single fields are left to the messages beside them. */
export function FormError({ error, fieldsShown = false }: { error: ErrorWithFields | null; fieldsShown?: boolean }) {
  if (!error) return null;
  const zod = error.data?.zodError;
  if (fieldsShown && zod && !zod.formErrors?.length && Object.values(zod.fieldErrors ?? {}).some((m) => m?.length)) return null;
  return (
    <p role="alert" className="text-sm text-destructive-text">
      {plainErrorMessage(error)}
    </p>
  );
}

export function BusinessOptions({ businesses }: { businesses: readonly { id: string; name: string }[] | undefined }) {
  return (
    <>
      {businesses?.map((b) => (
        <option key={b.id} value={b.id}>
          {b.name}
        </option>
      ))}
    </>
  );
}

/** A form's submit button, disabled and relabelled while its call runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled = false,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={disabled || pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
