// Test runner settings: real servers and child processes need generous timeouts on a 2-core machine.
import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../tooling/scripts/test-tmpdir";

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    globalSetup: [TEST_TMPDIR_SETUP],
    // The fault tests start child processes and move hundreds of MiB; running files one at a
    // time keeps the two cores from thrashing and keeps timing-sensitive tests honest.
    fileParallelism: false,
  },
});
