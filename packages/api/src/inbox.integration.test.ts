// The inbox is exact: after random activity by every role, each person's unread count and lists equal a brute-force
// reading of the unread rule (docs/notifications.md, "The bell") over all comments and reads (visible to them, not theirs, not read, orphans skipped),
// and paging visits every notification exactly once.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, sql } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import { canSeeShadow, isStaff, type Role, type SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { projectFolder } from "./project-folders";

/** Whether the call went through; a refusal must be one the API gives on purpose, never a crash. */
async function attempt(call: Promise<unknown>): Promise<boolean> {
  try {
    await call;
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    expect(["NOT_FOUND", "FORBIDDEN", "BAD_REQUEST", "PRECONDITION_FAILED"]).toContain((error as TRPCError).code);
    return false;
  }
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

describe("the inbox, exact at any volume", () => {
  let t: TestDatabase;
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-inbox-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const people: SessionUser[] = [];
  const projects: { id: string; businessId: string }[] = [];
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now: () => new Date(), files });
  /** The person as the server knows them now (role and business may have changed). */
  async function current(id: string): Promise<SessionUser> {
    const row = await t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return { id, name: row.name, email: row.email ?? "", image: null, emailNotification: true, role: row.role, businessId: row.businessId };
  }

  /** The unread rule (docs/notifications.md, "The bell"), read straight from the tables, for one person. */
  async function bruteForce(id: string) {
    const me = await current(id);
    const { readThroughSeq } = await t.db.selectFrom("users").select("readThroughSeq").where("id", "=", id).executeTakeFirstOrThrow();
    const comments = await t.db.selectFrom("comments").selectAll().execute();
    const reads = new Set(
      (await t.db.selectFrom("commentReads").select("commentId").where("userId", "=", id).execute()).map((r) => r.commentId),
    );
    const notifications = comments.filter(
      (c) =>
        (isStaff(me.role) || c.businessId === me.businessId) &&
        (c.event !== "shadow" || canSeeShadow(me.role)) &&
        c.userId !== id &&
        !(c.isChild && c.parentId === null),
    );
    const isRead = (c: (typeof comments)[number]) => reads.has(c.id) || c.seq <= readThroughSeq;
    return {
      unread: notifications.filter((c) => !isRead(c)).map((c) => c.id),
      read: notifications.filter(isRead).map((c) => c.id),
    };
  }

  /** Every page of one list, a few at a time, by the cursor the UI uses. */
  async function allPages(user: SessionUser, filter: "unread" | "read") {
    const seen: string[] = [];
    let before: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await as(user).comments.findMany({ filter, cursor: before, limit: 7 });
      seen.push(...page.map((c) => c.id));
      const last = page.at(-1);
      if (!last || page.length < 7) return seen;
      before = { createdAt: last.createdAt, id: last.id };
    }
  }

  async function expectExact() {
    for (const person of people) {
      const user = await current(person.id);
      const truth = await bruteForce(person.id);
      const who = `${user.role} ${user.id}`;
      expect((await as(user).comments.unreadCount()).count, who).toBe(truth.unread.length);
      const unread = await allPages(user, "unread");
      expect(new Set(unread).size, `${who}: no notification twice`).toBe(unread.length);
      expect([...unread].sort(), who).toEqual([...truth.unread].sort());
      const read = await allPages(user, "read");
      expect(new Set(read).size, `${who}: no notification twice`).toBe(read.length);
      expect([...read].sort(), who).toEqual([...truth.read].sort());
      // The bell's groups add up to the count, one per project.
      const groups = await as(user).comments.unreadByProject({ limit: 100 });
      expect(
        groups.reduce((n, g) => n + g.count, 0),
        who,
      ).toBe(truth.unread.length);
      expect(new Set(groups.map((g) => g.latest.project.id)).size).toBe(groups.length);
    }
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const name of ["Acme", "Globex"]) await createBusiness(t.db, { id: `${name.toLowerCase()}-inbox`, name });
    const roles: [Role, string | null][] = [
      ["admin", null],
      ["creative", null],
      ["client", "acme-inbox"],
      ["client", "acme-inbox"],
      ["client", "globex-inbox"],
      ["client", null],
    ];
    for (const [role, businessId] of roles) {
      const row = await makeUser(t.db, { role, businessId });
      people.push({ id: row.id, name: row.name, email: row.email ?? "", image: null, emailNotification: true, role, businessId });
    }
    for (const businessId of ["acme-inbox", "acme-inbox", "globex-inbox"]) {
      const { id } = await as(people[0] as SessionUser).projects.create({ title: "Poster", event: "flyer", businessId });
      projects.push({ id, businessId });
    }
  });
  afterAll(async () => t?.destroy());

  it("counts, lists and groups exactly what the unread rule says, through random activity by every role", async () => {
    const rng = random(20261125);
    const written: { id: string; projectId: string }[] = [];
    for (let step = 0; step < 160; step++) {
      const person = await current(rng.pick(people).id);
      const visible = projects.filter((p) => isStaff(person.role) || p.businessId === person.businessId);
      const roll = rng.next();
      if (roll < 0.55 && visible.length > 0) {
        const project = rng.pick(visible);
        const siblings = written.filter((c) => c.projectId === project.id);
        const parentId = rng.next() < 0.3 && siblings.length > 0 ? rng.pick(siblings).id : undefined;
        const event = isStaff(person.role) && rng.next() < 0.3 ? "shadow" : null;
        if (await attempt(as(person).comments.create({ projectId: project.id, body: `step ${step}`, event, parentId }))) {
          const newest = await t.db.selectFrom("comments").select("id").orderBy("seq", "desc").limit(1).executeTakeFirstOrThrow();
          written.push({ id: newest.id, projectId: project.id });
        }
      } else if (roll < 0.75 && written.length > 0) {
        // Reading one comment: refused for what the person may not see, as the router decides.
        await attempt(as(person).comments.read({ commentId: rng.pick(written).id }));
      } else if (roll < 0.85 && visible.length > 0) {
        await as(person).comments.readProject({ projectId: rng.pick(visible).id });
      } else if (roll < 0.9) {
        await as(person).comments.markAllRead();
      } else if (roll < 0.95 && person.role === "client") {
        // An admin moves a client to another business (or none): what they see changes.
        await as(people[0] as SessionUser).users.setAccess({
          id: person.id,
          businessId: rng.pick(["acme-inbox", "globex-inbox", null]),
        });
      }
      if (step % 40 === 39) await expectExact();
    }
    // A child whose parent is gone is skipped everywhere, whoever may see it.
    await sql`insert into comments (id, project_id, business_id, user_id, body, is_child, parent_id)
      values ('orphan-inbox', ${projects[0]?.id}, 'acme-inbox', ${people[1]?.id}, 'orphan', true, null)`.execute(t.db);
    await expectExact();
  });

  it("never counts an internal note for a client, and counts it for the studio", async () => {
    const [admin, creative, client] = people as [SessionUser, SessionUser, SessionUser];
    await as(admin).users.setAccess({ id: client.id, businessId: "acme-inbox" });
    const me = await current(client.id);
    await as(me).comments.markAllRead();
    await as(creative).comments.markAllRead();
    const project = projects[0]?.id as string;
    await as(admin).comments.create({ projectId: project, body: "Internal only", event: "shadow" });
    expect((await as(me).comments.unreadCount()).count).toBe(0);
    expect(await as(me).comments.findMany({ filter: "unread" })).toEqual([]);
    expect((await as(creative).comments.unreadCount()).count).toBe(1);
    await as(admin).comments.create({ projectId: project, body: "For everyone" });
    expect((await as(me).comments.unreadCount()).count).toBe(1);
    expect((await as(creative).comments.unreadCount()).count).toBe(2);
    const [group] = await as(creative).comments.unreadByProject();
    expect(group).toMatchObject({ count: 2, latest: { body: "For everyone" } });
    // Opening the project reads both; Mark All Read then has nothing left.
    expect(await as(creative).comments.readProject({ projectId: project })).toEqual({ marked: 2 });
    expect(await as(creative).comments.markAllRead()).toEqual({ marked: 0 });
  });

  it("tells the studio of a new project, and its business's people of one the studio starts for them", async () => {
    const [admin, creative, client] = people as [SessionUser, SessionUser, SessionUser];
    for (const u of [admin, creative, client]) await as(await current(u.id)).comments.markAllRead();
    const me = await current(client.id);
    const { id } = await as(me).projects.create({ title: "Window sticker", event: "print" });
    const [heard] = await as(creative).comments.unreadByProject();
    expect(heard?.latest).toMatchObject({ body: "Started a print project: Window sticker", project: { id } });
    expect((await as(me).comments.unreadCount()).count).toBe(0);
    const started = await as(admin).projects.create({ title: "Gift card", event: "print", businessId: me.businessId ?? "" });
    expect((await as(me).comments.findMany({ filter: "unread" })).map((c) => c.project.id)).toEqual([started.id]);
  });

  it("tells the business when the studio delivers print-ready files, and nobody of other uploads", async () => {
    const [admin, creative, client] = people as [SessionUser, SessionUser, SessionUser];
    await as(admin).users.setAccess({ id: client.id, businessId: "acme-inbox" });
    const me = await current(client.id);
    for (const u of [admin, creative, me]) await as(u).comments.markAllRead();
    const { id } = await as(admin).projects.create({ title: "Shop sign", event: "print", businessId: "acme-inbox" });
    await as(me).comments.markAllRead();
    const project = await as(creative).projects.byId({ id });
    const file = (kind: "materials" | "print_ready", name: string) => ({
      id: `up-${name}`,
      url: `http://127.0.0.1:3101/files/${projectFolder(kind, project)}/${name}`,
      thumbnail: "/placeholder.svg",
      blur: "/placeholder.svg",
      name,
    });
    await as(creative).projects.addFiles({ projectId: id, kind: "materials", files: [file("materials", "photo.jpg")] });
    expect((await as(me).comments.unreadCount()).count).toBe(0);
    await as(creative).projects.addFiles({
      projectId: id,
      kind: "print_ready",
      files: [file("print_ready", "sign.pdf"), file("print_ready", "sign-back.pdf")],
    });
    const [heard] = await as(me).comments.unreadByProject();
    expect(heard).toMatchObject({ count: 1, latest: { body: "Delivered 2 print-ready files: sign.pdf, sign-back.pdf", project: { id } } });
    expect((await as(admin).comments.unreadCount()).count).toBe(1);
    expect((await as(creative).projects.byId({ id })).files.map((f) => f.name).sort()).toEqual(["photo.jpg", "sign-back.pdf", "sign.pdf"]);
    // A client's own print-ready upload is no delivery: nobody hears of it.
    await as(me).projects.addFiles({ projectId: id, kind: "print_ready", files: [file("print_ready", "mine.pdf")] });
    expect((await as(creative).comments.unreadCount()).count).toBe(1);
  });

  it("marks hundreds read at once, and keeps them read in the bell's shape", async () => {
    const [admin, creative] = people as [SessionUser, SessionUser];
    await as(creative).comments.markAllRead();
    const project = projects[2]?.id as string;
    for (let i = 0; i < 150; i++) await as(admin).comments.create({ projectId: project, body: `note ${i}` });
    expect((await as(creative).comments.unreadCount()).count).toBe(150);
    expect(await as(creative).comments.markAllRead()).toEqual({ marked: 150 });
    expect((await as(creative).comments.unreadCount()).count).toBe(0);
    const latest = await as(creative).comments.findMany({ limit: 5 });
    expect(latest.every((c) => c.reads.some((r) => r.userId === creative.id))).toBe(true);
  });
});
