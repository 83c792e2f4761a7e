// One `npm start` per data directory: a second one says which is running instead of failing on a port.
import { readFileSync, rmSync, writeFileSync } from "node:fs";

export type LockResult = { acquired: true; release(): void } | { acquired: false; pid: number };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock file for this process, unless a live process holds it; a dead holder's lock is taken over. */
export function acquireInstanceLock(file: string, pid = process.pid): LockResult {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(pid), { flag: "wx" });
      return {
        acquired: true,
        release() {
          try {
            if (readFileSync(file, "utf8") === String(pid)) rmSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== pid && alive(holder)) return { acquired: false, pid: holder };
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

/** The live process that holds the lock file, if any (a dead holder's stale file counts as free). */
export function lockHolder(file: string): number | null {
  try {
    const holder = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(holder) && holder > 0 && alive(holder) ? holder : null;
  } catch {
    return null;
  }
}
