// Uppy, when made, sets a 3-second timer to read `window.navigator.onLine` that nothing clears (its destroy() does
// not). A test file that ends sooner loses its simulated window first, and the timer's read is an unhandled error that
// fails the run. Each file therefore ends only once such a timer has fired; files that made no Uppy do not wait.
import { afterAll } from "vitest";

/** Uppy's delay before its first online check (@uppy/core, Uppy.js: `setTimeout(this.#updateOnlineStatus, 3000)`). */
const UPPY_ONLINE_CHECK_MS = 3000;

// The real clock and timer, kept before any test may fake them.
const now = Date.now.bind(Date);
const realSetTimeout = globalThis.setTimeout;

let lastWatch = 0;
const addEventListener = window.addEventListener.bind(window);
window.addEventListener = ((type: string, ...rest: Parameters<typeof window.addEventListener> extends [string, ...infer R] ? R : never) => {
  // Uppy starts watching "online" in the same step that sets its timer.
  if (type === "online") lastWatch = now();
  return addEventListener(type, ...rest);
}) as typeof window.addEventListener;

afterAll(async () => {
  const wait = lastWatch + UPPY_ONLINE_CHECK_MS + 100 - now();
  if (lastWatch > 0 && wait > 0) await new Promise((resolve) => realSetTimeout(resolve, wait));
});
