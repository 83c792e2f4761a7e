// Test runner settings: real servers on loopback need more than the default 5 s on a busy machine.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
