import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireInstanceLock } from "./instance-lock";
import { type Supervisor, supervise } from "./supervisor";

const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const node = (name: string, script: string) => ({
  name,
  command: process.execPath,
  args: ["-e", script],
  env: process.env,
  cwd: process.cwd(),
});
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
const forever = `process.on("disconnect", () => process.exit(0)); setInterval(() => {}, 1000);`;

describe("supervise", () => {
  let supervisor: Supervisor | undefined;
  afterEach(async () => {
    await supervisor?.stop();
    supervisor = undefined;
  });

  it("restarts a child that dies, logs its cause, and leaves the others running", async () => {
    const lines: string[] = [];
    supervisor = supervise([node("crashy", "setTimeout(() => process.exit(3), 30)"), node("steady", forever)], {
      delaysMs: [10, 40],
      log: (line) => lines.push(line),
    });
    const steady = await until(() => supervisor?.current("steady")?.pid);
    await until(() => (supervisor?.starts("crashy") ?? 0) >= 3);
    expect(lines.filter((l) => l.startsWith("[crashy] started (pid ")).length).toBeGreaterThanOrEqual(3);
    expect(lines).toContain("[crashy] exited (code 3); restarting in 0.01 s");
    expect(lines).toContain("[crashy] exited (code 3); restarting in 0.04 s");
    expect(supervisor.current("steady")?.pid).toBe(steady);
    expect(supervisor.starts("steady")).toBe(1);
  });

  it("names a signal as the cause when a child is killed", async () => {
    const lines: string[] = [];
    supervisor = supervise([node("victim", forever)], { delaysMs: [10], log: (line) => lines.push(line) });
    const pid = await until(() => supervisor?.current("victim")?.pid);
    process.kill(pid, "SIGKILL");
    await until(() => supervisor?.starts("victim") === 2);
    expect(lines).toContain("[victim] exited (signal SIGKILL); restarting in 0.01 s");
  });

  it("kills and restarts a child that answered its liveness URL and then stopped answering", async () => {
    const port = await freePort();
    // Answers /healthz once, then hangs in a busy loop: alive to the kernel, dead to its users.
    const hangs = `require("node:http").createServer((q, r) => { r.end("ok"); setTimeout(() => { for (;;) {} }, 10); }).listen(${port}, "127.0.0.1"); process.on("disconnect", () => process.exit(0));`;
    const lines: string[] = [];
    supervisor = supervise([{ ...node("hangs", hangs), health: `http://127.0.0.1:${port}/healthz` }], {
      delaysMs: [10],
      // A second to answer: on a busy machine the first probe can take longer than 100 ms, and the child hangs right
      // after its one answer, so a first answer read late would never count and the child would never be killed.
      health: { intervalMs: 50, timeoutMs: 1000, failures: 3 },
      log: (line) => lines.push(line),
    });
    const first = await until(() => supervisor?.current("hangs")?.pid);
    await until(() => supervisor?.starts("hangs") === 2, 15_000);
    expect(alive(first)).toBe(false);
    expect(lines).toContain(`[hangs] did not answer http://127.0.0.1:${port}/healthz 3 times in a row; killing it`);
    expect(lines).toContain("[hangs] exited (signal SIGKILL); restarting in 0.01 s");
  }, 30_000);

  it("leaves a child alone while it has not yet answered its liveness URL", async () => {
    const port = await freePort();
    supervisor = supervise([{ ...node("slow", forever), health: `http://127.0.0.1:${port}/healthz` }], {
      delaysMs: [10],
      health: { intervalMs: 20, timeoutMs: 50, failures: 2 },
    });
    await until(() => supervisor?.current("slow")?.pid);
    await new Promise((r) => setTimeout(r, 400));
    expect(supervisor.starts("slow")).toBe(1);
  });

  it("stops every child and restarts none", async () => {
    supervisor = supervise([node("a", forever), node("b", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)")], {
      delaysMs: [10],
      stopTimeoutMs: 300,
    });
    const pids = await until(() => {
      const p = ["a", "b"].map((n) => supervisor?.current(n)?.pid);
      return p.every((x) => x !== undefined) ? (p as number[]) : undefined;
    });
    await supervisor.stop();
    // b ignores SIGTERM: it is killed after the timeout.
    expect(pids.filter(alive)).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(supervisor.starts("a")).toBe(1);
    expect(supervisor.starts("b")).toBe(1);
  });

  // The fixture runs under tsx, which starts the supervisor as a child process of its own.
  async function startFixture() {
    const wrapper = spawn(process.execPath, [TSX_CLI, join(import.meta.dirname, "fixtures/supervise-sleepers.ts")], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    wrapper.stdout?.on("data", (c: Buffer) => (output += c.toString()));
    const started = await until(() => {
      const line = output.split("\n").find((l) => l.startsWith("{"));
      return line ? (JSON.parse(line) as { supervisor: number; pids: number[] }) : undefined;
    }, 30_000);
    return { wrapper, ...started };
  }

  it("takes its children with it when it is killed outright", async () => {
    const { wrapper, supervisor: pid, pids } = await startFixture();
    try {
      expect(pids.every(alive)).toBe(true);
      process.kill(pid, "SIGKILL");
      await until(() => pids.every((p) => !alive(p)), 10_000);
    } finally {
      for (const p of [wrapper.pid, ...pids]) if (p && alive(p)) process.kill(p, "SIGKILL");
    }
  }, 60_000);

  it("stops itself and its children when whatever started it is killed outright", async () => {
    const { wrapper, supervisor: pid, pids } = await startFixture();
    try {
      wrapper.kill("SIGKILL");
      await until(() => [pid, ...pids].every((p) => !alive(p)), 10_000);
    } finally {
      for (const p of [pid, ...pids]) if (alive(p)) process.kill(p, "SIGKILL");
    }
  }, 60_000);
});

describe("acquireInstanceLock", () => {
  it("lets one process hold it, names the holder to another, and is free after release", () => {
    const file = join(mkdtempSync(join(tmpdir(), "atelier-lock-")), "start.pid");
    const first = acquireInstanceLock(file);
    expect(first.acquired).toBe(true);
    // The parent of this process is alive and is not this process.
    expect(acquireInstanceLock(file, process.ppid)).toEqual({ acquired: false, pid: process.pid });
    if (first.acquired) first.release();
    const again = acquireInstanceLock(file, process.ppid);
    expect(again.acquired).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(String(process.ppid));
  });

  it("takes over the lock of a process that is gone", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "atelier-lock-")), "start.pid");
    const gone = spawn(process.execPath, ["-e", ""]);
    const pid = gone.pid as number;
    await new Promise((r) => gone.once("exit", r));
    writeFileSync(file, String(pid));
    expect(acquireInstanceLock(file).acquired).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
  });
});
