// The one way a failed call is shown: a destructive toast with the server's message, in plain words.
import { messages } from "@atelier/domain";
import { toast } from "@atelier/ui";

export type ErrorWithFields = {
  message: string;
  data?: { zodError?: { formErrors?: string[]; fieldErrors?: Record<string, string[] | undefined> } | null } | null;
};

/** What to tell people of a refused call: a refused field's own plain message rather than the validator's summary. */
export function plainErrorMessage(error: ErrorWithFields): string {
  const zod = error.data?.zodError;
  const first = zod?.formErrors?.[0] ?? Object.values(zod?.fieldErrors ?? {}).find((m) => m?.length)?.[0];
  return first ?? error.message;
}

export function toastError(error: ErrorWithFields): void {
  toast({ variant: "destructive", title: messages.errorTitle(), description: plainErrorMessage(error) });
}
