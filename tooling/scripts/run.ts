// Small process helpers for the start and test scripts: run to completion, or keep running in a process group.
import { type ChildProcess, spawn } from "node:child_process";

export const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env, cwd });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${signal ?? code}`)),
    );
  });
}

/** Starts a long-running process in its own group, so stopping it also stops what it spawned. */
export function startGroup(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT, prefix?: string): ChildProcess {
  const child = spawn(cmd, args, { env, cwd, detached: true, stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit" });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream?.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
      });
    }
  }
  return child;
}

export function stopGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
