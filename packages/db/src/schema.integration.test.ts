// The migrations' CHECK constraints hold the same values as the domain's lists, so the two can never drift apart.
import {
  BRAND_FILE_KIND_VALUES,
  COMMENT_EVENTS,
  DECISION_VALUES,
  DEFAULT_REVISION_ALLOWANCE,
  FILE_KIND_VALUES,
  HOUR_CYCLES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  MAIL_PREFERENCES,
  MAX_REVISION_ALLOWANCE,
  MEDIA_PROBE_STATUSES,
  OUTBOX_STATUSES,
  PROJECT_STAGE_VALUES,
  PROOF_STATUS_VALUES,
  RETAINER_ROLLOVER_VALUES,
  RETAINER_UNIT_VALUES,
  REVIEW_REMINDER_KIND_VALUES,
  REVIEWER_CHANGE_VALUES,
  REVIEWER_ROLE_VALUES,
  ROLES,
  USER_KINDS,
  VAT_CATEGORIES,
  VERIFICATION_METHOD_VALUES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_FORMATS,
} from "@atelier/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "./index";
import { createTestDatabase, type TestDatabase } from "./testing";

const DOMAIN_LISTS: Record<string, readonly string[]> = {
  "brand_files.kind": BRAND_FILE_KIND_VALUES,
  "comments.event": COMMENT_EVENTS,
  "invoice_lines.tax_category": VAT_CATEGORIES,
  "invoices.kind": INVOICE_KINDS,
  "invoices.status": INVOICE_STATUSES,
  "media_probes.status": MEDIA_PROBE_STATUSES,
  "outbox.status": OUTBOX_STATUSES,
  "project_files.kind": FILE_KIND_VALUES,
  "projects.stage": PROJECT_STAGE_VALUES,
  "proof_approvals.verified_by": VERIFICATION_METHOD_VALUES,
  "proof_reviewer_changes.change": REVIEWER_CHANGE_VALUES,
  "proof_reviewers.decision": DECISION_VALUES,
  "proof_reviewers.role": REVIEWER_ROLE_VALUES,
  "proof_reviewers.verified_by": VERIFICATION_METHOD_VALUES,
  "proofs.changes_verified_by": VERIFICATION_METHOD_VALUES,
  "proofs.status": PROOF_STATUS_VALUES,
  "retainers.rollover": RETAINER_ROLLOVER_VALUES,
  "retainers.unit": RETAINER_UNIT_VALUES,
  "review_reminders.kind": REVIEW_REMINDER_KIND_VALUES,
  "users.hour_cycle": HOUR_CYCLES,
  "users.kind": USER_KINDS,
  "users.mail_preference": MAIL_PREFERENCES,
  "users.role": ROLES,
  "webhook_deliveries.status": WEBHOOK_DELIVERY_STATUSES,
  "webhook_endpoints.format": WEBHOOK_FORMATS,
};

describe("CHECK constraints of the latest schema", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.destroy());

  it("list exactly the domain's values for every enumerated column", async () => {
    const checks = await sql<{ column: string; definition: string }>`
      select c.conrelid::regclass::text || '.' || a.attname as column, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'c' and c.connamespace = 'public'::regnamespace`.execute(t.db);
    // A list of values reads `CHECK ((role = ANY (ARRAY['admin'::text, …])))`; other checks (quantity > 0) are not lists.
    const lists = Object.fromEntries(
      checks.rows
        .filter((row) => row.definition.includes("ANY (ARRAY["))
        .map((row) => [row.column, [...row.definition.matchAll(/'([^']*)'::text/g)].map((m) => m[1]).sort()]),
    );
    expect(lists).toEqual(Object.fromEntries(Object.entries(DOMAIN_LISTS).map(([column, values]) => [column, [...values].sort()])));
  });

  it("give a business the domain's revision allowance, and keep it within the domain's bounds", async () => {
    const column = await sql<{ fallback: string; definition: string }>`
      select pg_get_expr(d.adbin, d.adrelid) as fallback, pg_get_constraintdef(c.oid) as definition
      from pg_attribute a
      join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      join pg_constraint c on c.conrelid = a.attrelid and a.attnum = any (c.conkey) and c.contype = 'c'
      where a.attrelid = 'businesses'::regclass and a.attname = 'revision_allowance'`.execute(t.db);
    expect(column.rows).toEqual([
      {
        fallback: String(DEFAULT_REVISION_ALLOWANCE),
        definition: `CHECK (((revision_allowance >= 0) AND (revision_allowance <= ${MAX_REVISION_ALLOWANCE})))`,
      },
    ]);
  });
});
