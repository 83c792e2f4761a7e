// Approval chains (docs/approval-chains.md): the reviewers a proof round names, each an approver or a reviewer who
// comments only, in a step; each approver's decision with its reason, who made it and how they were known, and the
// SHA-256 of the files an approval was given for, and the address and browser it came from; when each was mailed that their step started.
import { type Kysely, sql } from "kysely";

/** REVIEWER_ROLE_VALUES, DECISION_VALUES and VERIFICATION_METHOD_VALUES as written here; schema.integration.test.ts checks them. */
const ROLES = sql`('approver', 'reviewer')`;
const DECISIONS = sql`('approved', 'approved_with_changes', 'changes_required', 'not_relevant')`;
const METHODS = sql`('session', 'email_code')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("proof_reviewers")
    .addColumn("proof_id", "text", (c) => c.notNull().references("proofs.id").onDelete("cascade"))
    // Lower case: a signed-in person or a guest is matched by their address.
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) <= 320 and email = lower(email)`))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ${ROLES}`))
    .addColumn("step", "integer", (c) => c.notNull().check(sql`step between 1 and 20`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("added_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("notified_at", "timestamptz")
    .addColumn("decision", "text", (c) => c.check(sql`decision in ${DECISIONS}`))
    .addColumn("reason", "text", (c) => c.check(sql`char_length(reason) <= 5000`))
    .addColumn("decided_at", "timestamptz")
    .addColumn("decided_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("verified_by", "text", (c) => c.check(sql`verified_by in ${METHODS}`))
    .addColumn("guest_name", "text")
    // Where the decision came from, as proof_approvals keeps it for a single answer: shown on the certificate.
    .addColumn("ip_address", "text", (c) => c.check(sql`char_length(ip_address) <= 100`))
    .addColumn("user_agent", "text", (c) => c.check(sql`char_length(user_agent) <= 1000`))
    // The SHA-256 of every file of the round, in its order, as an approval was given for them.
    .addColumn("sha256s", sql`text[]`)
    .addColumn("comment_id", "text", (c) => c.references("comments.id").onDelete("set null"))
    .addPrimaryKeyConstraint("proof_reviewers_pk", ["proof_id", "email"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("proof_reviewers").execute();
}
