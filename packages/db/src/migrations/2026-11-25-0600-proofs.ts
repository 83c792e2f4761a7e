// The design loop: proof rounds whose files are kept by key and SHA-256, approvals bound to those bytes,
// pinned annotations, a revision allowance per business, and the stages and events that go with them.
import { type Kysely, sql } from "kysely";

const STAGES = ["new", "briefing", "in_progress", "proof_sent", "modification", "approved", "delivered", "reopened"];
const EVENTS = ["modification", "reopened", "briefing", "approved", "shadow", "in_progress", "proof_sent", "delivered"];
const OLD_STAGES = ["new", "briefing", "modification", "approved", "reopened"];
const OLD_EVENTS = ["modification", "reopened", "briefing", "approved", "shadow"];

const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

async function setChecks(db: Kysely<unknown>, stages: string[], events: string[]): Promise<void> {
  await sql`alter table projects drop constraint projects_stage_check`.execute(db);
  await sql`alter table projects add constraint projects_stage_check check (stage in (${list(stages)}))`.execute(db);
  await sql`alter table comments drop constraint comments_event_check`.execute(db);
  await sql`alter table comments add constraint comments_event_check check (event in (${list(events)}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setChecks(db, STAGES, EVENTS);
  // DEFAULT_REVISION_ALLOWANCE and MAX_REVISION_ALLOWANCE as they were written; schema.integration.test.ts checks
  // the latest schema still holds the domain's.
  await db.schema
    .alterTable("businesses")
    .addColumn("revision_allowance", "integer", (c) => c.notNull().defaultTo(3).check(sql`revision_allowance between 0 and 99`))
    .execute();

  await db.schema
    .createTable("proofs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("round", "integer", (c) => c.notNull().check(sql`round > 0`))
    .addColumn("note", "text")
    // A calendar date (YYYY-MM-DD), as invoices keep theirs.
    .addColumn("due_on", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("sent").check(sql`status in ('sent', 'changes_requested', 'approved', 'superseded')`),
    )
    .addColumn("sent_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("comment_id", "text", (c) => c.references("comments.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The request for changes it received, if any: who, for whom, when, which revision, billable past the allowance.
    .addColumn("changes_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("changes_for_business", "text")
    .addColumn("changes_at", "timestamptz")
    .addColumn("revision", "integer")
    .addColumn("billable", "boolean", (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint("proofs_project_round", ["project_id", "round"])
    .execute();

  // A proof's files are copies of what the project held when it was sent: removing the project's file keeps them.
  await db.schema
    .createTable("proof_files")
    .addColumn("proof_id", "text", (c) => c.notNull().references("proofs.id").onDelete("cascade"))
    // The project file's id at the time; no foreign key, since the project's file may go.
    .addColumn("file_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    // Of the stored bytes, computed by the server from the upload store.
    .addColumn("sha256", "text", (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("type", "text")
    .addColumn("thumbnail", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("proof_files_pk", ["proof_id", "file_id"])
    .execute();
  await db.schema.createIndex("proof_files_key").on("proof_files").column("key").execute();

  await db.schema
    .createTable("proof_approvals")
    .addColumn("proof_id", "text", (c) => c.primaryKey().references("proofs.id").onDelete("cascade"))
    .addColumn("approved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    // Set when an admin approved for the client's business rather than one of its people.
    .addColumn("acting_for_business", "text")
    .addColumn("approved_at", "timestamptz", (c) => c.notNull())
    .addColumn("round", "integer", (c) => c.notNull())
    // The SHA-256 of every file of the proof, in its order, as approved.
    .addColumn("sha256s", sql`text[]`, (c) => c.notNull())
    .addColumn("comment_id", "text", (c) => c.references("comments.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("annotations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("proof_id", "text", (c) => c.notNull().references("proofs.id").onDelete("cascade"))
    .addColumn("file_id", "text", (c) => c.notNull())
    .addColumn("page", "integer", (c) => c.check(sql`page > 0`))
    .addColumn("x", "double precision", (c) => c.notNull().check(sql`x between 0 and 1`))
    .addColumn("y", "double precision", (c) => c.notNull().check(sql`y between 0 and 1`))
    .addColumn("w", "double precision", (c) => c.check(sql`w between 0 and 1`))
    .addColumn("h", "double precision", (c) => c.check(sql`h between 0 and 1`))
    .addColumn("shadow", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("comment_id", "text", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("resolved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("resolved_at", "timestamptz")
    .addForeignKeyConstraint("annotations_file", ["proof_id", "file_id"], "proof_files", ["proof_id", "file_id"], (c) =>
      c.onDelete("cascade"),
    )
    .execute();
  await db.schema.createIndex("annotations_proof").on("annotations").column("proof_id").execute();

  // SHA-256 of stored bytes the server computed, by key and the store's ETag, so one version is hashed once.
  await db.schema
    .createTable("stored_file_digests")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("etag", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("computed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("stored_file_digests_pk", ["key", "etag"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["stored_file_digests", "annotations", "proof_approvals", "proof_files", "proofs"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("businesses").dropColumn("revision_allowance").execute();
  await sql`update projects set stage = 'approved' where stage = 'delivered'`.execute(db);
  await sql`update projects set stage = 'briefing' where stage in ('in_progress', 'proof_sent')`.execute(db);
  await sql`update comments set event = null where event in ('in_progress', 'proof_sent', 'delivered')`.execute(db);
  await setChecks(db, OLD_STAGES, OLD_EVENTS);
}
