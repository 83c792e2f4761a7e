// Backoff before each retry of a part (docs/upload-protocol.md, "Limits": 2 ms, times 1.2 per retry).
import { FIRST_RETRY_DELAY_MS, MAX_RETRIES, RETRY_FACTOR } from "./constants";

/** Delay in ms before retry `retry` (1-based): 2 ms × 1.2^(retry - 1). */
export function retryDelay(retry: number): number {
  if (!Number.isInteger(retry) || retry < 1) {
    throw new RangeError(`A retry number is 1-based, got ${retry}`);
  }
  return FIRST_RETRY_DELAY_MS * RETRY_FACTOR ** (retry - 1);
}

/** The whole delay table, handy to show or to test the budget. */
export const RETRY_DELAYS: readonly number[] = Array.from({ length: MAX_RETRIES }, (_, index) => retryDelay(index + 1));
