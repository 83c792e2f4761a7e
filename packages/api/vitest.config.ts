// The API's tests run against real PostgreSQL and, for files, real upload servers: on a busy 2-core
// machine one test can take longer than vitest's default 5 s without anything being wrong.
import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../tooling/scripts/test-tmpdir";

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000, globalSetup: [TEST_TMPDIR_SETUP] },
});
