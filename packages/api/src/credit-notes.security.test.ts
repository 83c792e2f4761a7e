// A credit note reaches a client only once issued: a draft is the studio's, absent from the client's invoice
// page, billing list and links, and from what the page says is owed; staff still see it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

const [admin, , client] = DEMO_USERS;
const asUser = (u: (typeof DEMO_USERS)[number], businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

describe("draft credit notes", () => {
  let t: TestDatabase;
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-credit-notes-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now: () => new Date(), files });
  const studio = () => as(asUser(admin, null));
  const customer = () => as(asUser(client, DEMO_BUSINESS.id));

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
  });
  afterAll(async () => t?.destroy());

  it("never shows a client a draft credit note of its invoice, and shows it once sent", async () => {
    const { id } = await studio().invoices.create({
      businessId: DEMO_BUSINESS.id,
      lines: [{ description: "Flyer", quantity: 1, unitAmount: 5000 }],
    });
    await studio().invoices.send({ id });
    const credit = await studio().invoices.creditNote({ id });
    await studio().invoices.update({
      id: credit.id,
      projectId: null,
      dueAt: null,
      notes: "",
      lines: [{ description: "Goodwill", quantity: 1, unitAmount: 1000 }],
    });

    // The studio sees its draft; the client sees neither it nor any effect of it.
    expect((await studio().invoices.byId({ id })).creditNotes.map((c) => c.id)).toEqual([credit.id]);
    const page = await customer().invoices.byId({ id });
    expect(page.creditNotes).toEqual([]);
    expect(page).toMatchObject({ credited: 0, balance: 5000 });
    expect((await customer().billing.invoices()).map((i) => i.id)).toEqual([id]);
    for (const call of [customer().invoices.byId, customer().invoices.lines, customer().invoices.pdfUrl]) {
      expect(await codeOf(call({ id: credit.id }))).toBe("NOT_FOUND");
    }

    await studio().invoices.send({ id: credit.id });
    const issued = await customer().invoices.byId({ id });
    expect(issued.creditNotes.map((c) => [c.id, c.status])).toEqual([[credit.id, "sent"]]);
    expect(issued).toMatchObject({ credited: -1000, balance: 4000 });
    expect((await customer().billing.invoices()).map((i) => i.id).sort()).toEqual([id, credit.id].sort());
    expect((await customer().invoices.byId({ id: credit.id })).kind).toBe("credit_note");
    expect((await customer().invoices.pdfUrl({ id: credit.id })).url).toContain(credit.id);
  });
});
