// One archive of an embedded run (README, "Backups"): its database as PGlite's dump and every file under DATA_DIR
// (the uploads, the image buckets, the generated secrets), each with its SHA-256. A tar, written and read as a stream
// (print files run to gigabytes): `atelier-backup.json` first says what it is, then `database.tar.gz`, then
// `data/<path>` per file, and last `manifest.json` with every entry's size and digest, which a restore checks.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { lstat, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Readable, type Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { extract, pack } from "tar-stream";
import { createDb, createMigrator, type Db, dumpEmbeddedDatabase } from "./create-db";
import { migrations as knownMigrations } from "./migrations";

const BACKUP_FORMAT = 1;

interface BackupEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The migrations the database had run: a restore refuses a backup newer than the code restoring it. */
  migrations: string[];
  database: BackupEntry;
  files: BackupEntry[];
}

/**
 * What of DATA_DIR a backup leaves out: the database's own directory (it goes in as a dump), the pid file of a run,
 * and the upload store's areas for writes in progress (parts being received, files being written), which a
 * half-finished upload leaves and the store sweeps.
 */
const LEFT_OUT = new Set(["pglite", "npm-start.pid", join("uploads", "tmp"), join("uploads", "staging")]);

async function* filesUnder(root: string, dir = root): AsyncGenerator<string> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (LEFT_OUT.has(relative(root, path))) continue;
    const info = await lstat(path).catch(() => null);
    if (!info) continue; // removed while we walked
    if (info.isDirectory()) yield* filesUnder(root, path);
    else if (info.isFile()) yield path;
  }
}

/** Writes one entry from a stream of exactly `size` bytes, hashing it on the way. */
function addEntry(archive: ReturnType<typeof pack>, name: string, size: number, body: Readable): Promise<string> {
  const hash = createHash("sha256");
  return new Promise((resolve, reject) => {
    const sink = archive.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve(hash.digest("hex"))));
    body.on("data", (chunk: Buffer) => hash.update(chunk));
    body.on("error", (error) => {
      sink.destroy(error);
      reject(error);
    });
    body.pipe(sink as unknown as Writable);
  });
}

export interface BackupSource {
  dataDir: string;
  dumpDatabase(): Promise<Blob>;
  migrations: string[];
  now?: Date;
}

/**
 * Writes the archive to `out`. The database is dumped first, then the files are read: a file added while the backup
 * runs may be in it without its row (harmless), and every file the dumped rows name was there before the dump. A file
 * that grows while it is read is taken at the size it had when its turn came.
 */
export async function writeBackup(out: Writable, source: BackupSource): Promise<BackupManifest> {
  const archive = pack();
  const written = pipeline(archive as unknown as Readable, out);
  const createdAt = (source.now ?? new Date()).toISOString();
  archive.entry({ name: "atelier-backup.json", mode: 0o600 }, JSON.stringify({ format: BACKUP_FORMAT, createdAt }));
  const dump = Buffer.from(await (await source.dumpDatabase()).arrayBuffer());
  const database: BackupEntry = {
    path: "database.tar.gz",
    size: dump.length,
    sha256: await addEntry(archive, "database.tar.gz", dump.length, Readable.from([dump])),
  };
  const files: BackupEntry[] = [];
  for await (const file of filesUnder(source.dataDir)) {
    const size = (await stat(file).catch(() => null))?.size;
    if (size === undefined) continue;
    const path = relative(source.dataDir, file).split(sep).join("/");
    const body = size === 0 ? Readable.from([]) : createReadStream(file, { start: 0, end: size - 1 });
    files.push({ path, size, sha256: await addEntry(archive, `data/${path}`, size, body) });
  }
  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt, migrations: source.migrations, database, files };
  archive.entry({ name: "manifest.json", mode: 0o600 }, JSON.stringify(manifest, null, 2));
  archive.finalize();
  await written;
  return manifest;
}

class BackupError extends Error {
  override name = "BackupError";
}

/** A path inside the archive's `data/` as a relative path that stays inside the directory it is restored to. */
function safeDataPath(name: string): string {
  const path = name.slice("data/".length);
  const parts = path.split("/");
  if (path === "" || parts.some((p) => p === "" || p === "." || p === "..") || path.includes("\\") || path.includes("\0"))
    throw new BackupError(`The archive holds a path that is not allowed: ${JSON.stringify(name)}`);
  return join(...parts);
}

/**
 * Reads an archive into `into` (which must not exist): its files under their paths, the database dump as
 * `database.tar.gz`. Every entry's size and digest are checked against the manifest at the end; anything missing,
 * extra or different is refused, naming it.
 */
async function readBackup(input: Readable, into: string): Promise<BackupManifest> {
  await mkdir(into, { recursive: false });
  const seen = new Map<string, BackupEntry>();
  let manifest: BackupManifest | undefined;
  let identified = false;
  const reader = extract();
  const done = pipeline(input, reader as unknown as Writable);
  // A refusal ends the loop below before the pipeline does; its own failure then has nobody to hear it but this.
  done.catch(() => undefined);
  try {
    await readEntries();
  } catch (error) {
    input.destroy();
    throw error;
  }
  await done;
  async function readEntries() {
    for await (const entry of reader) {
      const name = entry.header.name;
      if (!identified) {
        if (name !== "atelier-backup.json")
          throw new BackupError("This is not an Atelier backup (it does not start with atelier-backup.json).");
        const head = JSON.parse((await textOf(entry)) || "{}") as { format?: number };
        if (head.format !== BACKUP_FORMAT)
          throw new BackupError(`This backup's format is ${head.format}; this release reads format ${BACKUP_FORMAT}.`);
        identified = true;
        continue;
      }
      if (name === "manifest.json") {
        manifest = JSON.parse(await textOf(entry)) as BackupManifest;
        continue;
      }
      if (entry.header.type !== "file") throw new BackupError(`The archive holds something other than a file: ${JSON.stringify(name)}`);
      const target =
        name === "database.tar.gz"
          ? join(into, "database.tar.gz")
          : name.startsWith("data/")
            ? join(into, "data", safeDataPath(name))
            : null;
      if (!target) throw new BackupError(`The archive holds an entry it should not: ${JSON.stringify(name)}`);
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash("sha256");
      let size = 0;
      const file = createWriteStream(target, { mode: 0o600 });
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          if (!file.write(chunk)) await once(file, "drain");
        }
      } finally {
        file.end();
        await finished(file);
      }
      seen.set(name === "database.tar.gz" ? name : name.slice("data/".length), { path: name, size, sha256: hash.digest("hex") });
    }
  }
  if (!manifest) throw new BackupError("The archive ends before its manifest: it is incomplete.");
  const expected = new Map<string, BackupEntry>([
    ["database.tar.gz", manifest.database],
    ...manifest.files.map((f) => [f.path, f] as const),
  ]);
  for (const [path, want] of expected) {
    const got = seen.get(path);
    if (!got) throw new BackupError(`The archive is missing ${path}.`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw new BackupError(`${path} in the archive is not what was backed up (its SHA-256 differs).`);
  }
  for (const path of seen.keys())
    if (!expected.has(path)) throw new BackupError(`The archive holds ${path}, which its manifest does not list.`);
  return manifest;
}

/** A small entry's text (the header and the manifest). */
async function textOf(entry: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Moves what was read and brought back (the files, and the database's folder) into `dataDir`. */
async function placeRestoredFiles(read: string, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const data = join(read, "data");
  for (const name of await readdir(data).catch(() => [] as string[])) await rename(join(data, name), join(dataDir, name));
  await rm(data, { recursive: true, force: true });
}

/** Whether a directory is absent or holds nothing. */
async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Brings an archive back into `dataDir`: refused when it holds anything unless `force` (then what it held is removed,
 * once the archive has been read and checked in full beside it). The database comes back as it was dumped; the next
 * start runs any migrations this release has beyond it. A backup from a newer release is refused.
 */
export async function restoreEmbedded(input: Readable, dataDir: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  if (!options.force && !(await isEmptyDir(dataDir)))
    throw new BackupError(`${dataDir} is not empty: restore into an empty folder, or pass --force to replace what it holds.`);
  const read = `${dataDir.replace(/[\\/]+$/, "")}.restoring-${process.pid}-${Date.now()}`;
  try {
    const manifest = await readBackup(input, read);
    const unknown = manifest.migrations.filter((name) => !(name in knownMigrations));
    if (unknown.length > 0)
      throw new BackupError(
        `This backup is from a newer release (its database has run ${unknown.join(", ")}); restore it with that release.`,
      );
    // The database is brought back beside the files first: only once all of it stands is the folder touched.
    const dump = new Blob([await readFile(join(read, "database.tar.gz"))]);
    await mkdir(join(read, "data"), { recursive: true });
    const db = await createDb({ dataDir: join(read, "data", "pglite"), loadDataDir: dump });
    await db.destroy();
    if (options.force) await rm(dataDir, { recursive: true, force: true });
    await placeRestoredFiles(read, dataDir);
    return manifest;
  } finally {
    await rm(read, { recursive: true, force: true });
  }
}

/** The names of the migrations a database has run. */
async function executedMigrations(db: Db): Promise<string[]> {
  return (await createMigrator(db).getMigrations()).filter((m) => m.executedAt !== undefined).map((m) => m.name);
}

/** What a running embedded web process offers a backup of itself through (README, "Backups"). */
export function embeddedBackupSource(db: Db, dataDir: string): () => Promise<BackupSource> {
  return async () => ({
    dataDir,
    migrations: await executedMigrations(db),
    dumpDatabase: async () => {
      const dump = await dumpEmbeddedDatabase(db);
      if (!dump) throw new BackupError('This instance\'s database is PostgreSQL: back it up with pg_dump (README, "Backups").');
      return dump;
    },
  });
}

/** A backup of a stopped embedded run: its database opened here (nothing else may have it open), dumped, closed. */
export async function backupStopped(dataDir: string, out: Writable): Promise<BackupManifest> {
  const db = await createDb({ dataDir: join(dataDir, "pglite") });
  try {
    return await writeBackup(out, await embeddedBackupSource(db, dataDir)());
  } finally {
    await db.destroy();
  }
}
