// Two status changes of one invoice made at the same moment: one wins, the other is told the invoice moved.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, findInvoice, seedDemo, sql } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { InvoiceStatus } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";

const [admin] = DEMO_USERS;

describe("invoice status changes race", () => {
  let t: TestDatabase;
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-invoices-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const studio = () =>
    createCaller({ db: t.db, user: { ...admin, image: null, emailNotification: true, businessId: null }, now: () => new Date(), files });

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
  });
  afterAll(async () => t?.destroy());

  async function newInvoice(...statuses: InvoiceStatus[]) {
    const { id } = await studio().invoices.create({
      businessId: DEMO_BUSINESS.id,
      lines: [{ description: "Flyer", quantity: 1, unitAmount: 5000 }],
    });
    for (const status of statuses) await studio().invoices.setStatus({ id, status });
    return id;
  }

  /**
   * Both changes read the invoice before either writes it: a transaction holds the row while both
   * calls run up to their update (or, marking paid, up to locking the invoice to record its payment), and lets go once PostgreSQL shows both waiting for it.
   * Their outcomes are collected as the calls start: the loser may be refused before the transaction's commit returns,
   * and a refusal nothing listened for yet is an unhandled rejection that fails the run.
   */
  async function race(id: string, a: InvoiceStatus, b: InvoiceStatus) {
    const { settled } = await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom("invoices").select("id").where("id", "=", id).forUpdate().execute();
      const started = Promise.allSettled([a, b].map((status) => studio().invoices.setStatus({ id, status })));
      // Asked outside the transaction, which would keep seeing the activity as it first read it.
      for (let waiting = 0; waiting < 2; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and (query ilike 'update "invoices"%' or query ilike 'select % from "invoices" % for update of "invoices"')`.execute(t.db);
        waiting = rows[0]?.n ?? 0;
      }
      // In an object: a promise returned as it is would be awaited by the transaction, which holds the lock it waits for.
      return { settled: started };
    });
    return settled;
  }

  it.each([
    [[], "sent", "void"],
    [["sent"], "paid", "void"],
  ] as const)("after %j, %s and %s at once: exactly one wins, the other gets CONFLICT", async (before, a, b) => {
    const id = await newInvoice(...before);
    const results = await race(id, a, b);
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.status] : []));
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(TRPCError);
    expect((lost[0] as TRPCError).code).toBe("CONFLICT");
    expect((await findInvoice(t.db, id))?.status).toBe(won[0]);
  });
});
