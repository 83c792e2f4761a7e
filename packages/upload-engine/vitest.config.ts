// Unit and MSW client tests; all in-process, no servers or databases.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    // The large-file tests move hundreds of MiB through the client: generous on a busy 2-core machine.
    testTimeout: 120_000,
  },
});
