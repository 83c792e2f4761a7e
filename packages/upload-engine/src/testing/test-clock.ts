// Time helpers for tests: a sleep that records and skips its delays, and a condition poller.
import type { Sleep } from "../uploader/types";

/** A sleep that returns at once and remembers every delay asked of it. */
export function recordingSleep(): { readonly sleep: Sleep; readonly delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms) => {
      delays.push(ms);
    },
  };
}

/** Resolves once `condition` holds, checking every millisecond; rejects after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (let waited = 0; !condition(); waited++) {
    if (waited > timeoutMs) throw new Error("waitUntil: condition never held");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
