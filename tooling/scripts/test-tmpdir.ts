// A vitest global setup: each run gets a temporary folder of its own, removed when the run ends, so that whatever its
// tests and the servers they start write to the system's temporary folder (stores, data folders, certificates) goes
// with it, however a test ends.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** This file's path, for a vitest config's `globalSetup`. */
export const TEST_TMPDIR_SETUP = fileURLToPath(import.meta.url);

/** Set while a run's folder is in use: a second setup in the same run (one per vitest project) keeps it. */
const MARK = "ATELIER_TEST_RUN_DIR";

export default function setup(): () => void {
  // Nested folders would make paths too long for Unix sockets (Chromium's profile lock lives in TMPDIR).
  if (process.env[MARK]) return () => undefined;
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), "atelier-test-run-"));
  process.env[MARK] = dir;
  // PostgreSQL runs as its own user and keeps its data in a folder under this one.
  chmodSync(dir, 0o755);
  // os.tmpdir() reads TMPDIR: the test workers and every process they start inherit it.
  process.env.TMPDIR = dir;
  return () => {
    delete process.env[MARK];
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
