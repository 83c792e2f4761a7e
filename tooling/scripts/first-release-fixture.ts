// Writes packages/db/src/fixtures/first-release-demo.sql: the demo studio as the first release (FIRST_RELEASE, the
// first commit whose `npm start` seeded it) wrote it, through that release's own migrations and code, into a
// PostgreSQL server of its own; its rows as INSERTs. The upgrade test loads them into the first release's schema and
// migrates to today. Run again only to change the fixture: `npx tsx tooling/scripts/first-release-fixture.ts`.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startPostgres } from "./postgres";
import { ROOT } from "./run";

const FIRST_RELEASE = "82922eb";
const OUT = join(ROOT, "packages/db/src/fixtures/first-release-demo.sql");
/** The day the demo is seeded as of: its due dates and invoices are relative to it. */
const SEEDED_AT = "2026-11-25T12:00:00Z";

const work = join(ROOT, ".first-release");
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, "node_modules/@atelier"), { recursive: true });
const pg = await startPostgres();
try {
  // That release's database and domain packages, inside the repository so the rest resolves from its node_modules.
  execFileSync("sh", ["-c", `git archive ${FIRST_RELEASE} packages/db packages/domain | tar -x -C ${work}`], { cwd: ROOT });
  symlinkSync("../../packages/domain", join(work, "node_modules/@atelier/domain"));
  writeFileSync(
    join(work, "seed.mts"),
    [
      'import { createDb, migrateToLatest } from "./packages/db/src/create-db.ts";',
      'import { seedLivingDemo } from "./packages/db/src/demo-studio.ts";',
      "const db = await createDb({ databaseUrl: process.argv[2] });",
      "await migrateToLatest(db);",
      `await seedLivingDemo(db, new Date(${JSON.stringify(SEEDED_AT)}));`,
      "await db.destroy();",
    ].join("\n"),
  );
  execFileSync(join(ROOT, "node_modules/.bin/tsx"), ["seed.mts", pg.url], { cwd: work, stdio: "inherit" });
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
  const dump = execFileSync(
    join("/usr/lib/postgresql", versions[0] as string, "bin/pg_dump"),
    ["--data-only", "--inserts", "--rows-per-insert=1000", "--no-owner", "--no-privileges", "--exclude-table=kysely_*", pg.url],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  // Rows and sequences only: no session settings (a search_path of '' would outlive the load on a pooled connection).
  const rows = dump
    .split("\n")
    .filter((line) => !/^(--|SET |SELECT pg_catalog\.set_config|\\)/.test(line) && line.trim() !== "")
    .join("\n");
  const migrations = readdirSync(join(work, "packages/db/src/migrations"))
    .filter((f) => /^\d{4}-.*\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ""));
  writeFileSync(
    OUT,
    `-- The demo studio as release ${FIRST_RELEASE} seeded it (as of ${SEEDED_AT}), through its migrations:\n-- ${migrations.join(" ")}\n-- Written by tooling/scripts/first-release-fixture.ts; read by packages/db/src/upgrade.integration.test.ts.\n${rows}\n`,
  );
  console.log(`Wrote ${OUT}.`);
} finally {
  pg.stop();
  rmSync(work, { recursive: true, force: true });
}
