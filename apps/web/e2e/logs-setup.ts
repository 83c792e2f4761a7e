// Each run's process logs start empty (harness.ts keeps them; logs.last.e2e.test.ts reads them).
import { rmSync } from "node:fs";

export default function setup(): void {
  rmSync(new URL("../test-results/logs", import.meta.url), { recursive: true, force: true });
}
