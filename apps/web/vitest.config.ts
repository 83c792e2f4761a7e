import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  // Some tests start the real server setup or build large inputs: room for a busy 2-core machine.
  test: { include: ["src/**/*.test.{ts,tsx}"], testTimeout: 30_000, hookTimeout: 60_000 },
});
