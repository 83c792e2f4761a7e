import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../tooling/scripts/test-tmpdir";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  // Next compiles the app's JSX itself (tsconfig: preserve); component tests need React's automatic runtime.
  oxc: { jsx: { runtime: "automatic" } },
  // Some tests start the real server setup or build large inputs: room for a busy 2-core machine.
  test: { include: ["src/**/*.test.{ts,tsx}"], testTimeout: 30_000, hookTimeout: 60_000, globalSetup: [TEST_TMPDIR_SETUP] },
});
