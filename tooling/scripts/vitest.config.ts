// The supervisor's tests start child processes and write lock files: each run's temporary files go with it.
import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "./test-tmpdir";

export default defineConfig({
  test: { globalSetup: [TEST_TMPDIR_SETUP] },
});
