// Review deadlines (docs/approval-chains.md, "Deadlines"): a day by which each step of a round is to be decided,
// whether the round refuses decisions once its deadline has passed, and each reminder mailed, one row per round,
// address and the recipient's own day, so that two instances running the same pass mail a person once a day. And the
// history of a round's reviewers (named, removed), which proof_reviewers alone loses when the list is replaced.
import { type Kysely, sql } from "kysely";

/** REVIEW_REMINDER_KIND_VALUES and REVIEWER_CHANGE_VALUES as written here; schema.integration.test.ts checks them. */
const KINDS = sql`('day_before', 'due_today')`;
const CHANGES = sql`('named', 'removed')`;
const DAY = (column: string) => sql`${sql.ref(column)} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("proofs")
    .addColumn("lock_at_deadline", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  // The reminder pass and the bell read the rounds still waiting, a small part of all rounds.
  await sql`create index proofs_waiting on proofs (id) where status = 'sent'`.execute(db);
  await db.schema
    .createTable("proof_step_deadlines")
    .addColumn("proof_id", "text", (c) => c.notNull().references("proofs.id").onDelete("cascade"))
    .addColumn("step", "integer", (c) => c.notNull().check(sql`step between 1 and 20`))
    .addColumn("due_on", "text", (c) => c.notNull().check(DAY("due_on")))
    .addPrimaryKeyConstraint("proof_step_deadlines_pk", ["proof_id", "step"])
    .execute();
  await db.schema
    .createTable("review_reminders")
    .addColumn("proof_id", "text", (c) => c.notNull().references("proofs.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) <= 320 and email = lower(email)`))
    // The recipient's calendar day when it was sent, in their time zone.
    .addColumn("day", "text", (c) => c.notNull().check(DAY("day")))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ${KINDS}`))
    .addColumn("step", "integer")
    .addColumn("due_on", "text", (c) => c.notNull().check(DAY("due_on")))
    .addColumn("sent_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_reminders_pk", ["proof_id", "email", "day"])
    .execute();
  await db.schema
    .createTable("proof_reviewer_changes")
    .addColumn("proof_id", "text", (c) => c.notNull().references("proofs.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) <= 320`))
    .addColumn("change", "text", (c) => c.notNull().check(sql`change in ${CHANGES}`))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("step", "integer", (c) => c.notNull())
    .addColumn("changed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("changed_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("proof_reviewer_changes_proof").on("proof_reviewer_changes").columns(["proof_id", "changed_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("proof_reviewer_changes").execute();
  await db.schema.dropTable("review_reminders").execute();
  await db.schema.dropTable("proof_step_deadlines").execute();
  await sql`drop index proofs_waiting`.execute(db);
  await db.schema.alterTable("proofs").dropColumn("lock_at_deadline").execute();
}
