// `npm test`: every test of every workspace, on the machine's Node and again on Node 24 (node24.ts), then the
// end-to-end tests in Chromium against the built app.
// Starts a throwaway PostgreSQL server when DATABASE_URL is not given, and stops it afterwards.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { NODE24_VERSION, node24Bin } from "./node24";
import { type PostgresServer, startPostgres } from "./postgres";
import { ROOT, run } from "./run";

async function main() {
  // `--shuffle`: every workspace's tests in a random order (vitest's sequence.shuffle, a new seed each run,
  // printed by vitest), to show that no test leans on another having run first.
  const shuffle = process.argv.includes("--shuffle");
  const steps = process.argv.slice(2).filter((arg) => arg !== "--shuffle");
  const only = (name: string) => steps.length === 0 || steps.includes(name);
  if (!existsSync("/usr/bin/chromium") || !existsSync("/usr/lib/postgresql")) {
    await run("bash", [`${ROOT}/tooling/scripts/install-system-deps.sh`]);
  }
  let pg: PostgresServer | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" };
  if (!env.DATABASE_URL) {
    pg = await startPostgres();
    env.DATABASE_URL = pg.url;
    console.log(`Started a throwaway PostgreSQL server at ${pg.url}`);
  }
  const stop = () => pg?.stop();
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => {
      stop();
      process.exit(code);
    });
  }
  for (const file of resultFiles()) rmSync(file);
  // Each workspace's vitest also writes a JSON report, so one closing line can count every test;
  // the end-to-end run writes its own, so it does not overwrite the web app's unit report.
  const report = (file: string) => [
    "--",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${file}`,
    ...(shuffle ? ["--sequence.shuffle"] : []),
  ];
  // --continue: one workspace's failure does not hide the others' results.
  const testAll = (file: string) => [
    "turbo",
    "run",
    "test",
    "--concurrency=2",
    "--continue",
    "--output-logs=full",
    "--log-order=grouped",
    ...report(file),
  ];
  try {
    if (only("unit")) {
      await run("npx", ["turbo", "run", "typecheck", "--output-logs=errors-only"], env);
      await run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"], env);
      await run("npx", testAll(RESULT_FILES[0]), env);
    }
    if (only("node24")) {
      // The same unit and integration tests on Node 24: first on PATH, it runs npx, turbo's npm, and each vitest.
      const bin = node24Bin();
      console.log(`\nUnit and integration tests on Node ${NODE24_VERSION} (${bin})`);
      const env24 = { ...env, PATH: `${dirname(bin)}:${env.PATH ?? ""}`, ATELIER_TEST_NODE: NODE24_VERSION };
      await run("npx", testAll(RESULT_FILES[1]), env24);
    }
    if (only("e2e"))
      await run("npx", ["turbo", "run", "test:e2e", "--output-logs=full", "--log-order=stream", ...report(RESULT_FILES[2])], env);
  } finally {
    stop();
    summarize();
  }
}

const RESULT_FILES = [".vitest-result.json", ".vitest-node24-result.json", ".vitest-e2e-result.json"] as const;

function resultFiles(): string[] {
  return ["apps", "packages", "tooling"].flatMap((dir) =>
    readdirSync(join(ROOT, dir)).flatMap((name) =>
      RESULT_FILES.map((file) => join(ROOT, dir, name, file)).filter((file) => existsSync(file)),
    ),
  );
}

function summarize(): void {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let failedFiles = 0;
  for (const file of resultFiles()) {
    const r = JSON.parse(readFileSync(file, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numFailedTestSuites: number;
    };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    failedFiles += r.numFailedTestSuites;
  }
  // A file whose set-up or tear-down fails fails the run even when each of its tests passed.
  if (failedFiles > 0) console.log(`\nTest files failed: ${failedFiles}`);
  console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
