// People on real PostgreSQL: who may change roles and activity, the last-admin rule under races, and a
// deactivated user's session refused on the next call through the real /api/trpc handler and session lookup.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createKyselyAdapter, getSessionUser, SESSION_COOKIE } from "@atelier/auth";
import { createBusiness, type Db, notificationRecipients } from "@atelier/db";
import { createTestDatabase, makeProject, makeUser, type TestDatabase } from "@atelier/db/testing";
import { LAST_ADMIN_MESSAGE, type SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createTrpcHandler } from "./index";
import { codeOf } from "./testing/code-of";

const ORIGIN = "http://app.test";
const files = () => ({
  store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-people-")) }),
  secret: "s".repeat(32),
  balancerUrl: "http://b.test",
});
const sessionOf = (u: { id: string; name: string | null; email: string | null; role: SessionUser["role"]; businessId: string | null }) => ({
  id: u.id,
  name: u.name,
  email: u.email ?? "",
  role: u.role,
  businessId: u.businessId,
  image: null,
  emailNotification: true,
});

describe("people: roles, deactivation and sessions", () => {
  let t: TestDatabase;
  let db: Db;
  const now = () => new Date("2026-11-25T10:00:00Z");
  const as = (user: SessionUser) => createCaller({ db, user, now, files: files() });

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
  });
  afterAll(async () => t?.destroy());

  it("refuses a designer and a client every change of roles or activity, and the user page", async () => {
    const target = await makeUser(db, { role: "client" });
    for (const role of ["creative", "client"] as const) {
      const actor = as(sessionOf(await makeUser(db, { role })));
      expect(await codeOf(actor.users.setAccess({ id: target.id, role: "admin" }))).toBe("FORBIDDEN");
      expect(await codeOf(actor.users.setActive({ id: target.id, active: false }))).toBe("FORBIDDEN");
      expect(await codeOf(actor.users.overview({ id: target.id }))).toBe("FORBIDDEN");
    }
    const row = await db.selectFrom("users").select(["role", "deactivatedAt"]).where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "client", deactivatedAt: null });
  });

  it("never leaves the studio without an active admin, even when two admins demote each other at once", async () => {
    // Start from admins of this test only.
    await db.updateTable("users").set({ role: "creative" }).where("role", "=", "admin").execute();
    const a = await makeUser(db, { role: "admin" });
    const b = await makeUser(db, { role: "admin" });
    const results = await Promise.allSettled([
      as(sessionOf(a)).users.setAccess({ id: b.id, role: "creative" }),
      as(sessionOf(b)).users.setAccess({ id: a.id, role: "creative" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "PRECONDITION_FAILED", message: LAST_ADMIN_MESSAGE });
    const admins = await db.selectFrom("users").select("id").where("role", "=", "admin").where("deactivatedAt", "is", null).execute();
    expect(admins).toHaveLength(1);

    // The one left can be neither deactivated nor demoted, whoever still holds an admin's session.
    const [last] = admins;
    const stale = sessionOf({ ...(last?.id === a.id ? b : a), role: "admin" });
    expect(await codeOf(as(stale).users.setActive({ id: last!.id, active: false }))).toBe("PRECONDITION_FAILED");
    expect(await codeOf(as(stale).users.setAccess({ id: last!.id, role: "client" }))).toBe("PRECONDITION_FAILED");
    expect(await codeOf(as(sessionOf({ ...a, id: last!.id })).users.setActive({ id: last!.id, active: false }))).toBe(
      "PRECONDITION_FAILED",
    );
  });

  it("deactivates: the user's session is refused on the next call, sign-in too, and their history stays", async () => {
    const admin = await makeUser(db, { role: "admin" });
    await createBusiness(db, { id: "people-biz", name: "People Biz" });
    const client = await makeUser(db, { role: "client", businessId: "people-biz" });
    const project = await makeProject(db, { businessId: "people-biz", createdBy: client.id });
    await as(sessionOf(client)).comments.create({ projectId: project.id, body: "Here is our brief" });

    const adapter = createKyselyAdapter(db);
    await adapter.createSession!({ sessionToken: "people-token", userId: client.id, expires: new Date("2026-12-25T00:00:00Z") });
    const handler = createTrpcHandler({
      endpoint: "/api/trpc",
      allowedOrigins: [ORIGIN],
      createContext: async (req) => ({
        db,
        user: await getSessionUser(db, req.headers.get("cookie"), now()),
        now,
        files: files(),
      }),
    });
    const me = () => handler(new Request(`${ORIGIN}/api/trpc/users.me`, { headers: { cookie: `${SESSION_COOKIE}=people-token` } }));
    expect((await me()).status).toBe(200);

    const done = await as(sessionOf(admin)).users.setActive({ id: client.id, active: false });
    expect(done.deactivatedAt).toEqual(now());
    expect((await me()).status).toBe(401);
    expect(await db.selectFrom("sessions").select("id").where("userId", "=", client.id).execute()).toEqual([]);
    // Nor does comment mail reach them any more.
    const recipients = await notificationRecipients(db, { projectId: project.id, authorId: admin.id, staffOnly: false });
    expect(recipients.map((r) => r.id)).not.toContain(client.id);
    // Nor their inbox: what is said while they are away is history when they are back, not news.
    await as(sessionOf(admin)).comments.create({ projectId: project.id, body: "Said while you were away" });
    expect(await db.selectFrom("inbox").select("commentId").where("userId", "=", client.id).execute()).toEqual([]);

    // A session row that outlived the deactivation is still no session, to the API and to next-auth.
    await adapter.createSession!({ sessionToken: "late-token", userId: client.id, expires: new Date("2026-12-25T00:00:00Z") });
    expect(await getSessionUser(db, `${SESSION_COOKIE}=late-token`, now())).toBeNull();
    expect(await adapter.getSessionAndUser!("late-token")).toBeNull();

    // History stays: the project they started and what they said.
    const overview = await as(sessionOf(admin)).users.overview({ id: client.id });
    expect(overview.user.deactivatedAt).toEqual(now());
    expect(overview.projects.map((p) => p.id)).toEqual([project.id]);
    expect(overview.comments.map((c) => c.body)).toEqual(["Here is our brief"]);
    expect((await as(sessionOf(admin)).users.list()).items.find((u) => u.id === client.id)?.deactivatedAt).toEqual(now());

    // An admin cannot deactivate themselves; reactivation lets the user back in.
    expect(await codeOf(as(sessionOf(admin)).users.setActive({ id: admin.id, active: false }))).toBe("PRECONDITION_FAILED");
    await as(sessionOf(admin)).users.setActive({ id: client.id, active: true });
    expect(await getSessionUser(db, `${SESSION_COOKIE}=late-token`, now())).toMatchObject({ id: client.id });
    // Back again, they hear of what is said from now on.
    await as(sessionOf(admin)).comments.create({ projectId: project.id, body: "Welcome back" });
    const unread = await as(sessionOf(client)).comments.findMany({ filter: "unread" });
    expect(unread.map((c) => c.body)).toEqual(["Welcome back"]);
    expect(await as(sessionOf(client)).comments.unreadCount()).toEqual({ count: 1 });
  });

  it("answers NOT_FOUND for a user who does not exist", async () => {
    const admin = as(sessionOf(await makeUser(db, { role: "admin" })));
    expect(await codeOf(admin.users.setActive({ id: "nobody", active: false }))).toBe("NOT_FOUND");
    expect(await codeOf(admin.users.overview({ id: "nobody" }))).toBe("NOT_FOUND");
    expect(await codeOf(admin.users.setAccess({ id: "nobody", role: "client" }))).toBe("NOT_FOUND");
  });

  it("tells anyone signed in whom to write to: the active admins", async () => {
    const lone = as(sessionOf(await makeUser(db, { role: "client" })));
    // At least one active admin of this test's own, whatever the tests before it left.
    await makeUser(db, { role: "admin" });
    const admins = await db
      .selectFrom("users")
      .select(["name", "email"])
      .where("role", "=", "admin")
      .where("deactivatedAt", "is", null)
      .execute();
    const contacts = await lone.users.contacts();
    expect(contacts.map((c) => c.email).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(contacts.length).toBeGreaterThan(0);
  });
});
