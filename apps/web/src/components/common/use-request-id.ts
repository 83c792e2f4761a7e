// One click, one thing: the idempotency key a creating form sends (`requestId`). It is made at the intent's first
// submit and kept until the server has answered it with success, so a double click or a retry of the same intent is
// answered with the first result instead of creating twice.
import { useMemo, useRef } from "react";

/** 128 random bits in hex; crypto.randomUUID is missing outside secure contexts (a plain-http deployment). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function useRequestId(): { current(): string; done(): void } {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      current: () => {
        key.current ??= randomKey();
        return key.current;
      },
      done: () => {
        key.current = null;
      },
    }),
    [],
  );
}
