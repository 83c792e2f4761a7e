// Unit and MSW client tests in src/, all in-process; test/ packs the engine and uploads through real servers.
import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../tooling/scripts/test-tmpdir";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    // The large-file tests move hundreds of MiB through the client: generous on a busy 2-core machine.
    testTimeout: 120_000,
    globalSetup: [TEST_TMPDIR_SETUP],
  },
});
