// Backup and restore of an embedded run (README, "Backups"): a demo studio's database and files, backed up, wiped and
// restored, give the same rows in every table and byte-identical files; a damaged or foreign archive is refused and
// leaves the folder as it was.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { pack } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupStopped, restoreEmbedded } from "./backup";
import { createDb, type Db, migrateToLatest } from "./create-db";
import { seedLivingDemo } from "./demo-studio";

async function fingerprints(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ count: number; digest: string | null }>`select count(*)::int as count,
      md5(string_agg(t::text, E'\\n' order by t::text)) as digest from ${sql.table(name)} t`.execute(db);
    result[name] = `${row.rows[0]?.count}:${row.rows[0]?.digest}`;
  }
  return result;
}

async function fileDigests(root: string, dir = root): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(result, await fileDigests(root, path));
    else
      result[relative(root, path)] = createHash("sha256")
        .update(await readFile(path))
        .digest("hex");
  }
  return result;
}

describe("backup and restore of an embedded run", () => {
  let work: string;
  let dataDir: string;
  let archive: string;
  let rows: Record<string, string>;
  let files: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "atelier-backup-"));
    dataDir = join(work, "data");
    await mkdir(dataDir);
    const db = await createDb({ dataDir: join(dataDir, "pglite") });
    await migrateToLatest(db);
    await seedLivingDemo(db, new Date("2026-11-20T10:00:00Z"));
    rows = await fingerprints(db);
    await db.destroy();
    await mkdir(join(dataDir, "uploads/objects/files/ACME/print"), { recursive: true });
    await writeFile(join(dataDir, "uploads/objects/files/ACME/print/poster.pdf"), randomBytes(3 * 1024 * 1024 + 17));
    await writeFile(join(dataDir, "uploads/objects/files/ACME/print/empty.txt"), "");
    await mkdir(join(dataDir, "storage/avatars"), { recursive: true });
    await writeFile(join(dataDir, "storage/avatars/ünïcode name.png"), randomBytes(2048));
    await writeFile(join(dataDir, "auth-secret"), "a".repeat(64));
    files = await fileDigests(dataDir);
    for (const key of Object.keys(files)) if (key.startsWith("pglite")) delete files[key];
    // Writes in progress are left out.
    await mkdir(join(dataDir, "uploads/tmp"), { recursive: true });
    await writeFile(join(dataDir, "uploads/tmp/half-written"), "x");
    archive = join(work, "backup.tar");
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("gives back the same rows and byte-identical files after the folder is wiped", async () => {
    const manifest = await backupStopped(dataDir, createWriteStream(archive));
    expect(manifest.files.map((f) => f.path).sort()).toEqual(Object.keys(files).sort());
    expect(manifest.migrations.length).toBeGreaterThan(10);
    await rm(dataDir, { recursive: true, force: true });

    await restoreEmbedded(createReadStream(archive), dataDir);
    const restoredFiles = await fileDigests(dataDir);
    for (const key of Object.keys(restoredFiles)) if (key.startsWith("pglite")) delete restoredFiles[key];
    expect(restoredFiles).toEqual(files);
    const db = await createDb({ dataDir: join(dataDir, "pglite") });
    try {
      expect(await fingerprints(db)).toEqual(rows);
      expect(Object.keys(rows).length).toBeGreaterThan(20);
      expect(Number(rows.projects?.split(":")[0])).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  });

  it("refuses a folder that holds anything, unless told", async () => {
    await expect(restoreEmbedded(createReadStream(archive), dataDir)).rejects.toThrow(/is not empty: .*--force/);
    await writeFile(join(dataDir, "stray.txt"), "left from before");
    await restoreEmbedded(createReadStream(archive), dataDir, { force: true });
    await expect(readFile(join(dataDir, "stray.txt"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses a damaged archive, naming the file, and leaves the folder as it was", async () => {
    const bytes = await readFile(archive);
    // Flip one byte inside poster.pdf's body: the tar is still well formed, the digest is not.
    const at = bytes.indexOf(Buffer.from("data/uploads/objects/files/ACME/print/poster.pdf")) + 512 + 1000;
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    const before = await fileDigests(dataDir);
    await expect(restoreEmbedded(Readable.from([bytes]), dataDir, { force: true })).rejects.toThrow(
      "uploads/objects/files/ACME/print/poster.pdf in the archive is not what was backed up",
    );
    expect(await fileDigests(dataDir)).toEqual(before);
    // Cut short: no manifest.
    await expect(restoreEmbedded(Readable.from([bytes.subarray(0, bytes.length - 4096)]), join(work, "fresh"))).rejects.toThrow();
  });

  it("refuses an archive that is not an Atelier backup, and one whose paths climb out of the folder", async () => {
    const foreign = pack();
    foreign.entry({ name: "etc/passwd" }, "root:x:0:0");
    foreign.finalize();
    await expect(restoreEmbedded(foreign as unknown as Readable, join(work, "f1"))).rejects.toThrow("not an Atelier backup");
    const climbing = pack();
    climbing.entry({ name: "atelier-backup.json" }, JSON.stringify({ format: 1 }));
    climbing.entry({ name: "data/../../escaped" }, "x");
    climbing.finalize();
    await expect(restoreEmbedded(climbing as unknown as Readable, join(work, "f2"))).rejects.toThrow("not allowed");
    await expect(readFile(join(work, "escaped"))).rejects.toThrow(/ENOENT/);
  });
});
