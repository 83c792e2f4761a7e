// `npm start`'s supervisor: keeps each child running, restarts one that dies with backoff while the
// others keep serving, and takes every child down with it, however it ends.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

export interface ChildSpec {
  /** Shown before each line the child prints, and in the supervisor's own lines. */
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /**
   * The child's liveness URL (`/healthz`). Once it has answered, a child whose URL then fails
   * `HEALTH_FAILURES` times in a row (no answer within the probe's timeout, or not 2xx) is hung:
   * it is killed and started again like one that died.
   */
  health?: string;
}

/** Waits before the first, second, third and every later restart of a child that keeps dying. */
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** A child that ran this long before it died starts again from the first delay. */
const STABLE_AFTER_MS = 30_000;
/** How long children get to finish after SIGTERM before they are killed: longer than their own grace (web 10 s, upload servers 25 s). */
const STOP_TIMEOUT_MS = 30_000;
/** How often a child's liveness URL is asked, how long it has to answer, and how many misses in a row mean hung. */
const HEALTH_INTERVAL_MS = 10_000;
const HEALTH_TIMEOUT_MS = 5_000;
const HEALTH_FAILURES = 3;

export interface SupervisorOptions {
  delaysMs?: readonly number[];
  stableAfterMs?: number;
  stopTimeoutMs?: number;
  health?: { intervalMs: number; timeoutMs: number; failures: number };
  log?: (line: string) => void;
}

export interface Supervisor {
  /** The running process of a child, if it is running now. */
  current(name: string): ChildProcess | undefined;
  /** How many times each child has been started. */
  starts(name: string): number;
  /** Stops every child (SIGTERM to its process group, SIGKILL after the timeout) and restarts none. */
  stop(): Promise<void>;
}

/**
 * Starts every child in its own process group with an IPC channel. A child that exits is logged with
 * its cause and started again after the next delay. Children end with the supervisor even when it is
 * killed outright: the IPC channel closes with it, and each child's entry point shuts down on
 * `process.on("disconnect")`.
 */
export function supervise(specs: readonly ChildSpec[], options: SupervisorOptions = {}): Supervisor {
  const delays = options.delaysMs ?? RESTART_DELAYS_MS;
  const stableAfter = options.stableAfterMs ?? STABLE_AFTER_MS;
  const log = options.log ?? ((line: string) => console.log(line));
  const running = new Map<string, ChildProcess>();
  const startCount = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;

  function launch(spec: ChildSpec, failures: number): void {
    const startedAt = Date.now();
    const child = spawn(spec.command, spec.args, {
      env: spec.env,
      cwd: spec.cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    running.set(spec.name, child);
    startCount.set(spec.name, (startCount.get(spec.name) ?? 0) + 1);
    prefixLines(child, `[${spec.name}]`);
    if (child.pid !== undefined) log(`[${spec.name}] started (pid ${child.pid})`);
    child.on("error", (error) => log(`[${spec.name}] could not start: ${error.message}`));
    const stopProbing = spec.health ? probe(spec, child) : () => undefined;
    child.on("exit", (code, signal) => {
      stopProbing();
      running.delete(spec.name);
      if (stopping) return;
      const next = Date.now() - startedAt >= stableAfter ? 0 : failures;
      const delay = delays[Math.min(next, delays.length - 1)] ?? 0;
      log(`[${spec.name}] exited (${signal ? `signal ${signal}` : `code ${code}`}); restarting in ${delay / 1000} s`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) launch(spec, next + 1);
      }, delay);
      timers.add(timer);
    });
  }

  /** Asks the child's liveness URL on an interval; kills the child once it stops answering after having answered. */
  function probe(spec: ChildSpec & { health?: string }, child: ChildProcess): () => void {
    const { intervalMs, timeoutMs, failures } = options.health ?? {
      intervalMs: HEALTH_INTERVAL_MS,
      timeoutMs: HEALTH_TIMEOUT_MS,
      failures: HEALTH_FAILURES,
    };
    let answered = false;
    let misses = 0;
    let asking = false;
    const timer = setInterval(async () => {
      if (asking || stopping) return;
      asking = true;
      const ok = await fetch(spec.health as string, { signal: AbortSignal.timeout(timeoutMs) }).then(
        (r) => r.ok,
        () => false,
      );
      asking = false;
      if (ok) {
        answered = true;
        misses = 0;
        return;
      }
      // Still starting (a build's first request, migrations): not hung until it has answered once.
      if (!answered || stopping || running.get(spec.name) !== child) return;
      misses += 1;
      if (misses < failures) return;
      log(`[${spec.name}] did not answer ${spec.health} ${misses} times in a row; killing it`);
      clearInterval(timer);
      signalGroup(child, "SIGKILL");
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  for (const spec of specs) launch(spec, 0);

  return {
    current: (name) => running.get(name),
    starts: (name) => startCount.get(name) ?? 0,
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const children = [...running.values()];
      const exited = children.map(
        (c) => new Promise<void>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once("exit", () => resolve()))),
      );
      for (const child of children) signalGroup(child, "SIGTERM");
      const timeout = options.stopTimeoutMs ?? STOP_TIMEOUT_MS;
      const all = Promise.all(exited);
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([all.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), timeout)))]);
      clearTimeout(timer);
      if (late) {
        for (const child of children) signalGroup(child, "SIGKILL");
        await all;
      }
    },
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Copies a child's output line by line behind a prefix. */
function prefixLines(child: ChildProcess, prefix: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
    });
  }
}

/** The chain of processes that started this one (parent first), up to but not including init; Linux only. */
function ancestors(): number[] {
  const chain: number[] = [];
  let pid = process.ppid;
  while (pid > 1 && chain.length < 64) {
    chain.push(pid);
    try {
      // /proc/PID/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      break;
    }
  }
  return chain;
}

/**
 * Calls `onGone` once any process that started this one has died, for example `npm` killed with
 * SIGKILL: a signal nobody can catch would otherwise leave this process and its children running.
 */
export function whenAncestorDies(onGone: () => void, intervalMs = 500): () => void {
  const chain = ancestors();
  const timer = setInterval(() => {
    const gone = chain.some((pid) => {
      try {
        process.kill(pid, 0);
        return false;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === "ESRCH";
      }
    });
    if (gone) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** Waits until each port can be bound, for at most `timeoutMs`; answers the ports still taken. */
export async function waitForFreePorts(ports: readonly number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy: number[] = [];
    for (const port of ports) if (!(await portFree(port))) busy.push(port);
    if (busy.length === 0 || Date.now() >= deadline) return busy;
    await new Promise((r) => setTimeout(r, 250));
  }
}
