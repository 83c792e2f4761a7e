// Ctrl+Enter (Cmd+Enter on a Mac) in a form's text area sends the form, as the form's own button would.
import type { KeyboardEvent } from "react";

export function submitOnModEnter(e: KeyboardEvent<HTMLTextAreaElement>): void {
  if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.nativeEvent.isComposing) return;
  e.preventDefault();
  e.currentTarget.form?.requestSubmit();
}
