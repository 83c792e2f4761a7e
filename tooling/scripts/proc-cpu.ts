// CPU time of a process, or of one of its threads, as Linux counts it in /proc: the benchmarks' per-process figures.
import { readFileSync } from "node:fs";

/** CPU-seconds (user and system, in 10 ms ticks) of process `pid`, or of its thread `tid`; NaN once it is gone. */
export function cpuSecondsOf(pid: number | undefined, tid?: number): number {
  let text: string;
  try {
    text = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, "utf8");
  } catch {
    return Number.NaN;
  }
  // The command name, in brackets, may hold spaces: the fields are counted from after it.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
