import { defineConfig } from "vitest/config";
import { TEST_TMPDIR_SETUP } from "../../../tooling/scripts/test-tmpdir";

// End-to-end and security tests drive the built app (in Chromium, or over plain HTTP), with generous timeouts for
// server start. Each file starts its own stack on free ports with its own database, so two files run at once: a file
// spends much of its time waiting on a browser or a server, and two at a time keep a 2-core machine busy.
// The files that watch or change the whole machine run alone, after the rest: `npm start` (it builds, and checks that
// its ports are free again), the topology (it checks that no port of its stack is held after the stop), and the edge
// (it adds a network namespace and a veth pair, and Chromium fails the requests of every other file's browser that
// are in flight then with ERR_NETWORK_CHANGED).
const LAST = "e2e/logs.last.e2e.test.ts";
const ALONE = ["e2e/start.e2e.test.ts", "e2e/topology.e2e.test.ts", "e2e/edge.security.e2e.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: [TEST_TMPDIR_SETUP, "e2e/logs-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts", "e2e/**/*.security.test.ts"],
          exclude: [...ALONE, LAST],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "e2e-alone", include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
      // Reads what every other file's processes wrote.
      { extends: true, test: { name: "e2e-last", include: [LAST], sequence: { groupOrder: 2 } } },
    ],
  },
});
