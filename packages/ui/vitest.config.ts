// Component and unit tests run in a simulated DOM.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    // The upload tests talk to fake servers on other origins; the simulated browser's CORS checks would strip their headers.
    environmentOptions: { happyDOM: { settings: { fetch: { disableSameOriginPolicy: true } } } },
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/uppy-timer-setup.ts"],
    // Uploads of many MiB through the simulated browser: room for a busy 2-core machine.
    testTimeout: 60_000,
  },
});
