// Sign-in, mail and outbox tests run against real PostgreSQL and a real SMTP server: room for a busy machine.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000 },
});
