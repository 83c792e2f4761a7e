// The one way a failed call is shown: a destructive toast with the server's message.
import { messages } from "@atelier/domain";
import { toast } from "@atelier/ui";

export function toastError(error: { message: string }): void {
  toast({ variant: "destructive", title: messages.errorTitle(), description: error.message });
}
