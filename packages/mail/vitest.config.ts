// Outbox and mailer tests run against real PostgreSQL and a real SMTP server: room for a busy machine.
import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../tooling/scripts/test-tmpdir";

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000, globalSetup: [TEST_TMPDIR_SETUP] },
});
