import { defineConfig } from "vitest/config";

// End-to-end tests drive the built app in Chromium; one file at a time, with generous timeouts for server start.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
