// Work each web instance does on a timer beside the mail outbox (reminder passes): one pass now, then one every
// `everyMs`, a failure logged and the next pass tried. Whatever a pass writes is written once whichever instance
// runs it, so instances need not agree on who runs.

/** Runs `pass` now and every `everyMs` after; answers a function that stops it. The timer never holds a process open. */
export function runPeriodically(name: string, everyMs: number, pass: () => Promise<unknown>, log: (line: string) => void = console.error) {
  const run = () => pass().catch((error: unknown) => log(`${name}: ${error instanceof Error ? error.message : String(error)}`));
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
