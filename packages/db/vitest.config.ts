// Migrations and queries on real PostgreSQL and on PGlite, whose start (a WebAssembly PostgreSQL)
// can take well over vitest's default on a busy 2-core machine.
import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../tooling/scripts/test-tmpdir";

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 120_000, globalSetup: [TEST_TMPDIR_SETUP] },
});
