// The database keeps the same length limits as the forms and the API (the domain's constants): a value at the limit
// is stored, one character more is refused by the database itself, whoever writes it.
import {
  BRAND_COLOUR_NAME_MAX_LENGTH,
  BUSINESS_NAME_MAX_LENGTH,
  COMMENT_BODY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  INVOICE_LINE_DESCRIPTION_MAX_LENGTH,
  INVOICE_NOTES_MAX_LENGTH,
  PAYMENT_NOTE_MAX_LENGTH,
  POST_BODY_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
  PROJECT_TITLE_MAX_LENGTH,
  TIME_ZONE_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from "@atelier/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusiness } from "./projects";
import { createTestDatabase, makeProject, makeUser, type TestDatabase } from "./testing";

describe("length limits kept by the database", () => {
  let t: TestDatabase;
  const rows: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDatabase();
    const business = await createBusiness(t.db, { id: "limits-business", name: "Limits" });
    const user = await makeUser(t.db, { businessId: business.id });
    const project = await makeProject(t.db, { businessId: business.id, createdBy: user.id });
    await sql`insert into comments (id, project_id, user_id, body) values ('limits-comment', ${project.id}, ${user.id}, 'hi')`.execute(
      t.db,
    );
    await sql`insert into posts (id, title, body) values ('limits-post', 'Title', 'Body')`.execute(t.db);
    await sql`insert into invoices (id, number, business_id) values ('limits-invoice', 'INV-2026-9999', ${business.id})`.execute(t.db);
    await sql`insert into invoice_lines (id, invoice_id, position, description, quantity, unit_amount)
      values ('limits-line', 'limits-invoice', 0, 'Design', 1, 100)`.execute(t.db);
    await sql`insert into invoice_payments (id, invoice_id, amount, paid_on) values ('limits-payment', 'limits-invoice', 100, '2026-11-25')`.execute(
      t.db,
    );
    await sql`insert into proofs (id, project_id, round) values ('limits-proof', ${project.id}, 1)`.execute(t.db);
    await sql`insert into brand_colours (id, business_id, name, hex) values ('limits-colour', ${business.id}, 'Blue', '#1d4ed8')`.execute(
      t.db,
    );
    await sql`insert into webhook_endpoints (id, url, secret, events) values ('limits-webhook', 'https://hooks.example.com/', 'whsec_x', '{}')`.execute(
      t.db,
    );
    Object.assign(rows, {
      users: user.id,
      businesses: business.id,
      projects: project.id,
      comments: "limits-comment",
      posts: "limits-post",
      invoices: "limits-invoice",
      invoice_lines: "limits-line",
      invoice_payments: "limits-payment",
      proofs: "limits-proof",
      brand_colours: "limits-colour",
      webhook_endpoints: "limits-webhook",
    });
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const LIMITS = [
    ["projects", "title", PROJECT_TITLE_MAX_LENGTH],
    ["users", "name", USER_NAME_MAX_LENGTH],
    ["users", "email", EMAIL_MAX_LENGTH],
    ["businesses", "name", BUSINESS_NAME_MAX_LENGTH],
    ["comments", "body", COMMENT_BODY_MAX_LENGTH],
    ["posts", "title", POST_TITLE_MAX_LENGTH],
    ["posts", "body", POST_BODY_MAX_LENGTH],
    ["invoice_lines", "description", INVOICE_LINE_DESCRIPTION_MAX_LENGTH],
    ["invoices", "notes", INVOICE_NOTES_MAX_LENGTH],
    ["invoice_payments", "note", PAYMENT_NOTE_MAX_LENGTH],
    ["proofs", "note", COMMENT_BODY_MAX_LENGTH],
    ["brand_colours", "name", BRAND_COLOUR_NAME_MAX_LENGTH],
    ["users", "time_zone", TIME_ZONE_MAX_LENGTH],
    ["webhook_endpoints", "name", WEBHOOK_NAME_MAX_LENGTH],
    ["webhook_endpoints", "url", WEBHOOK_URL_MAX_LENGTH],
  ] as const;

  it.each(LIMITS)("%s.%s holds %i characters and no more", async (table, column, max) => {
    const set = (length: number) =>
      sql`update ${sql.table(table)} set ${sql.ref(column)} = ${"é".repeat(length)} where id = ${rows[table]}`.execute(t.db);
    await set(max);
    const stored = await sql<{
      n: number;
    }>`select char_length(${sql.ref(column)})::int as n from ${sql.table(table)} where id = ${rows[table]}`.execute(t.db);
    expect(stored.rows[0]?.n).toBe(max);
    await expect(set(max + 1)).rejects.toMatchObject({ code: "23514" });
  });
});
