// Whole-machine CPU accounting, so a figure taken while other work ran on the machine says so.
import { readFile } from "node:fs/promises";

// CPU-seconds the whole machine has been busy, from /proc/stat (USER_HZ is 100 on Linux).
export async function machineBusySeconds(): Promise<number> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0] ?? "";
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

// Times `run` and answers its seconds, this process's CPU-seconds and the machine's.
export async function measured<T>(
  run: () => Promise<T>,
): Promise<{ result: T; seconds: number; cpuSeconds: number; machineSeconds: number }> {
  const machine = await machineBusySeconds();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { result, seconds, cpuSeconds: (used.user + used.system) / 1e6, machineSeconds: (await machineBusySeconds()) - machine };
}
