// Project files are kept by object key (their path in the upload store), never by a URL a client sent.
//
// The key is filled from each row's URL: the percent-decoded path after /files/, host and query
// dropped, so rows that named one stored file in two spellings (`…/x.pdf` and `…/x.pdf?dup=1`)
// now share one key and removing one of them no longer deletes the other's bytes. Download links
// are built from the key and the upload servers, so the URL column goes.
//
// Folders now carry the business's and the project's ids (see the upload engine's assetFolder).
// Existing rows keep their keys, and their files stay where they are: the upload store lies beyond
// the database's reach, and moving a file would change the key that links and records hold, with
// a window in which neither the old nor the new path has the bytes. New tickets cover only the new
// folders, so nobody can add another business's file from an old shared folder to a project.
import { type Kysely, sql } from "kysely";

/** The key of a stored file's URL; a URL that names none (never accepted, kept only to lose no row) keeps its text. */
function keyOf(url: string): string {
  try {
    const { pathname } = new URL(url);
    if (pathname.startsWith("/files/")) return pathname.slice("/files/".length).split("/").map(decodeURIComponent).join("/");
  } catch {}
  return url;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("project_files").addColumn("key", "text").execute();
  const rows = await sql<{ id: string; url: string }>`select id, url from project_files`.execute(db);
  for (const row of rows.rows) await sql`update project_files set key = ${keyOf(row.url)} where id = ${row.id}`.execute(db);
  await sql`alter table project_files alter column key set not null`.execute(db);
  await db.schema.alterTable("project_files").dropColumn("url").execute();
  await db.schema.createIndex("project_files_key").on("project_files").column("key").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("project_files_key").execute();
  await db.schema.alterTable("project_files").addColumn("url", "text").execute();
  await sql`update project_files set url = '/files/' || key`.execute(db);
  await sql`alter table project_files alter column url set not null`.execute(db);
  await db.schema.alterTable("project_files").dropColumn("key").execute();
}
