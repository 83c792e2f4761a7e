// One click, one thing: a creating call repeated with the same requestId by the same person answers the first result
// and creates nothing, even when the repeats arrive together (real PostgreSQL, separate connections).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { REQUEST_ID_MAX_LENGTH, type SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

const [admin, creative, client] = DEMO_USERS;
const asUser = (u: (typeof DEMO_USERS)[number], businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

describe("requestId: a repeat answers the first result", () => {
  let t: TestDatabase;
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-request-ids-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now: () => new Date(), files });
  const customer = () => as(asUser(client, DEMO_BUSINESS.id));
  const studio = () => as(asUser(creative, null));
  const boss = () => as(asUser(admin, null));
  const projectsTitled = async (title: string) =>
    (await t.db.selectFrom("projects").select("id").where("title", "=", title).execute()).map((p) => p.id);
  const commentsSaying = async (body: string) =>
    (await t.db.selectFrom("comments").select("id").where("body", "=", body).execute()).map((c) => c.id);

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
  });
  afterAll(async () => t?.destroy());

  it("the same person with the same key gets the first project back, and only one project exists", async () => {
    const first = await customer().projects.create({ title: "Menu board", event: "flyer", requestId: "menu-1" });
    const again = await customer().projects.create({ title: "Menu board", event: "flyer", requestId: "menu-1" });
    expect(again).toEqual(first);
    expect(await projectsTitled("Menu board")).toEqual([first.id]);
    // Without a key, each call is its own.
    const other = await customer().projects.create({ title: "Menu board", event: "flyer" });
    expect(other.id).not.toBe(first.id);
  });

  it("another person's same key is their own", async () => {
    const mine = await customer().projects.create({ title: "Shared key", event: "flyer", requestId: "same-key" });
    const theirs = await studio().projects.create({
      title: "Shared key",
      event: "flyer",
      businessId: DEMO_BUSINESS.id,
      requestId: "same-key",
    });
    expect(theirs.id).not.toBe(mine.id);
    expect((await projectsTitled("Shared key")).sort()).toEqual([mine.id, theirs.id].sort());
  });

  it("concurrent repeats make one project and one comment", async () => {
    const projects = await Promise.all(
      Array.from({ length: 6 }, () => customer().projects.create({ title: "Three clicks", event: "poster", requestId: "poster-click" })),
    );
    const created = await projectsTitled("Three clicks");
    expect(created).toHaveLength(1);
    expect(new Set(projects.map((p) => p.id))).toEqual(new Set(created));

    const projectId = created[0] as string;
    const comments = await Promise.all(
      Array.from({ length: 6 }, () => customer().comments.create({ projectId, body: "Looks great!", requestId: "comment-click" })),
    );
    const posted = await commentsSaying("Looks great!");
    expect(posted).toHaveLength(1);
    expect(new Set(comments.map((c) => c.id))).toEqual(new Set(posted));
  });

  it("invoices and invitations answer their first result too", async () => {
    const line = { description: "Flyer design", quantity: 1, unitAmount: 12000 };
    const invoices = await Promise.all(
      Array.from({ length: 3 }, () => boss().invoices.create({ businessId: DEMO_BUSINESS.id, lines: [line], requestId: "invoice-1" })),
    );
    expect(new Set(invoices.map((i) => i.id)).size).toBe(1);
    expect(
      await t.db
        .selectFrom("invoices")
        .select("id")
        .where("id", "=", invoices[0]?.id ?? "")
        .execute(),
    ).toHaveLength(1);

    const invited = await Promise.all(
      Array.from({ length: 3 }, () => boss().users.create({ email: "new.person@example.test", role: "client", requestId: "invite-1" })),
    );
    expect(new Set(invited.map((u) => u.id)).size).toBe(1);
  });

  it("refuses a key longer than 64 characters, and a key reused for another kind of thing", async () => {
    expect(REQUEST_ID_MAX_LENGTH).toBe(64);
    const long = "k".repeat(65);
    expect(await codeOf(customer().projects.create({ title: "Too long", event: "flyer", requestId: long }))).toBe("BAD_REQUEST");
    expect(await projectsTitled("Too long")).toEqual([]);
    const ok = await customer().projects.create({ title: "Exactly 64", event: "flyer", requestId: "k".repeat(64) });
    expect(
      await customer()
        .comments.create({ projectId: ok.id, body: "x", requestId: "k".repeat(65) })
        .catch((e) => e.code),
    ).toBe("BAD_REQUEST");
    expect(await codeOf(customer().comments.create({ projectId: ok.id, body: "reused", requestId: "k".repeat(64) }))).toBe("CONFLICT");
    expect(await commentsSaying("reused")).toEqual([]);
  });
});
