import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../../tooling/scripts/test-tmpdir";

// End-to-end and security tests drive the built app (in Chromium, or over plain HTTP); one file at a time, with generous timeouts for server start.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts", "e2e/**/*.security.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: [TEST_TMPDIR_SETUP],
  },
});
