// Readiness, as every process answers it at /readyz (README, "Monitoring"): a set of named checks, each bounded in
// time, each saying only ok or failing. What failed, and why, goes to the process's log, not to an anonymous caller.

type CheckState = "ok" | "failing";

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckState>;
}

/** How long one check may take before it counts as failing. */
const READINESS_CHECK_TIMEOUT_MS = 2000;

async function bounded(name: string, check: () => Promise<boolean> | boolean, log: (message: string) => void, timeoutMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const passed = await Promise.race([
      Promise.resolve().then(check),
      new Promise<boolean>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    if (!passed) log(`readiness: ${name} failing`);
    return passed ? "ok" : "failing";
  } catch (error) {
    log(`readiness: ${name} failing: ${error instanceof Error ? error.message : String(error)}`);
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check at once; ready when all pass. */
export async function runReadinessChecks(
  checks: Record<string, () => Promise<boolean> | boolean>,
  log: (message: string) => void = console.error,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const names = Object.keys(checks);
  const states = await Promise.all(names.map((name) => bounded(name, checks[name] as () => boolean, log, timeoutMs)));
  const result: Record<string, CheckState> = {};
  names.forEach((name, i) => {
    result[name] = states[i] as CheckState;
  });
  return { ready: states.every((s) => s === "ok"), checks: result };
}
