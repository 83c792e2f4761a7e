// `npm run backup -- --out FILE`: one archive of the embedded run's database and files (README, "Backups"). While
// Atelier runs from this folder, the web process writes it without stopping (it alone may open the database);
// otherwise the database is opened here, with the folder's lock held so that nothing starts meanwhile.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { backupStopped } from "@atelier/db/backup";
import { loadConfig } from "@atelier/web/env";
import { acquireInstanceLock } from "./instance-lock";
import { answers, localUrl } from "./local-instance";
import { ROOT } from "./run";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
  if (!values.out) fail("Say where to write the archive: npm run backup -- --out FILE");
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(ROOT, ".data") };
  const config = loadConfig(env);
  if (config.DATABASE_URL)
    fail('DATABASE_URL is set: this backs up the embedded database. Back PostgreSQL up with pg_dump (README, "Backups").');
  const dataDir = resolve(env.DATA_DIR);
  const partial = `${out}.partial`;
  const lock = acquireInstanceLock(join(dataDir, "npm-start.pid"));
  const url = localUrl(config);
  try {
    if (!lock.acquired || (await answers(url))) {
      // Running: the web process writes it.
      const answer = await fetch(`${url}/ops/backup`).catch(() => null);
      if (!answer?.ok || !answer.body)
        fail(
          `Atelier is running from ${dataDir} but ${url}/ops/backup did not answer (${answer?.status ?? "no answer"}); is it still starting?`,
        );
      await pipeline(Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream), createWriteStream(partial));
    } else {
      await backupStopped(dataDir, createWriteStream(partial));
    }
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    if (lock.acquired) lock.release();
  }
  console.log(`Backed up ${dataDir} to ${out}.`);
}

// The database's WebAssembly runtime keeps the event loop alive after it is closed: the command ends when its work has.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
