// Runs an upload server in a child process, so a test can SIGKILL it like a crashed machine.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { TEST_SECRET } from "./cluster";

export const APP_DIR = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export async function startChildServer(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  // A built bundle runs under plain node, so its memory is the server's own and not a loader's.
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script, ...args], {
    cwd: APP_DIR,
    env: { ...process.env, UPLOAD_SECRET: TEST_SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        output.push(line);
        try {
          const parsed = JSON.parse(line) as { url?: string };
          if (parsed.url) resolve(parsed.url);
        } catch {
          // Not the announcement line.
        }
        newline = buffered.indexOf("\n");
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    void exited.then(({ code, signal }) => reject(new Error(`server exited early (${code ?? signal}): ${output.join("")}`)));
  });
  return {
    url,
    process: child,
    output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
