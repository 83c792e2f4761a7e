// Small process helper for the start and test scripts: run a command to completion.
import { spawn } from "node:child_process";

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
