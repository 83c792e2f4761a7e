// What a benchmark started goes with it, however it ends: Ctrl+C, a kill, or its own end.

/**
 * Answers `stop` made idempotent, and runs it on SIGINT and SIGTERM before the process exits. The handlers stay on,
 * not once: Ctrl+C reaches the process twice (from the terminal, and relayed by tsx), and a second signal with no
 * handler would end it before the servers it started are stopped.
 */
export function stopOnSignals(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const stopOnce = () => {
    stopping ??= stop();
    return stopping;
  };
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)
    process.on(signal, () => void stopOnce().finally(() => process.exit(code)));
  return stopOnce;
}
