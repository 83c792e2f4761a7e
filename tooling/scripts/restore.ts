// `npm run restore -- FILE [--force]`: brings a backup (`npm run backup`) back into DATA_DIR, which must be empty
// unless --force says to replace what it holds (README, "Backups"). Atelier must not be running from the folder.
import { createReadStream } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { restoreEmbedded } from "@atelier/db/backup";
import { loadConfig } from "@atelier/web/env";
import { lockHolder } from "./instance-lock";
import { answers, localUrl } from "./local-instance";
import { ROOT } from "./run";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) fail("Say which archive to restore: npm run restore -- FILE [--force]");
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(ROOT, ".data") };
  const config = loadConfig(env);
  if (config.DATABASE_URL)
    fail('DATABASE_URL is set: this restores the embedded database. Restore PostgreSQL with pg_restore (README, "Backups").');
  const dataDir = resolve(env.DATA_DIR);
  const pid = lockHolder(join(dataDir, "npm-start.pid"));
  if (pid !== null || (await answers(localUrl(config))))
    fail(`Atelier is running from ${dataDir}${pid ? ` (npm start, pid ${pid})` : ""}: stop it before restoring.`);
  const manifest = await restoreEmbedded(createReadStream(archive), dataDir, { force: values.force });
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  console.log(
    `Restored ${dataDir} from ${archive} (taken ${manifest.createdAt}): the database and ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MiB), every one checked against its SHA-256.`,
  );
}

// The database's WebAssembly runtime keeps the event loop alive after it is closed: the command ends when its work has.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
