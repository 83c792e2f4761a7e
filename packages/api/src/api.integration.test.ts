import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_USERS, findUserById, seedDemo } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore, verifySignedUploadToken } from "@atelier/storage";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createTrpcHandler } from "./index";
import { codeOf } from "./testing/code-of";

const ORIGIN = "http://app.test";
const [admin, creative, client] = DEMO_USERS;
const asUser = (u: (typeof DEMO_USERS)[number]): SessionUser => ({ businessId: null, ...u, image: null, emailNotification: true });

describe("api against PostgreSQL", () => {
  let t: TestDatabase;
  const now = () => new Date("2026-11-22T10:00:00Z");
  const SECRET = "test-secret-of-enough-length";
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-api-files-")) }),
    secret: SECRET,
    balancerUrl: "http://balancer.test",
  };
  const caller = (user: SessionUser | null) => createCaller({ db: t.db, user, now, files });

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
  });
  afterAll(async () => t?.destroy());

  it("refuses every procedure without a session", async () => {
    expect(await codeOf(caller(null).users.update({ id: client.id, name: "X" }))).toBe("UNAUTHORIZED");
    expect(await codeOf(caller(null).settings.emailNotification({ emailNotification: false }))).toBe("UNAUTHORIZED");
    expect(await codeOf(caller(null).users.me())).toBe("UNAUTHORIZED");
  });

  it("settings keep how often mail comes, and the on/off toggle maps to it", async () => {
    const me = caller(asUser(client));
    expect(await me.settings.mailPreference()).toEqual({ mailPreference: "immediate" });
    expect(await me.settings.setMailPreference({ mailPreference: "daily" })).toEqual({ mailPreference: "daily", emailNotification: true });
    // The toggle turns mail off; turned on, it keeps a daily reader daily.
    expect(await me.settings.emailNotification({ emailNotification: false })).toEqual({ emailNotification: false });
    expect(await me.settings.mailPreference()).toEqual({ mailPreference: "off" });
    await me.settings.setMailPreference({ mailPreference: "daily" });
    await me.settings.emailNotification({ emailNotification: true });
    expect(await me.settings.mailPreference()).toEqual({ mailPreference: "daily" });
    await expect(me.settings.setMailPreference({ mailPreference: "hourly" as never })).rejects.toThrow();
    await me.settings.setMailPreference({ mailPreference: "immediate" });
  });

  it("mail.undelivered shows admins the mail that did not go, and no one else", async () => {
    expect(await codeOf(caller(asUser(client)).mail.undelivered())).toBe("FORBIDDEN");
    expect(await codeOf(caller(asUser(creative)).mail.undelivered())).toBe("FORBIDDEN");
    const at = new Date("2026-11-20T09:00:00Z");
    await t.db
      .insertInto("outbox")
      .values([
        {
          id: "m-failed",
          kind: "comment",
          to: "gone@example.test",
          subject: "A note",
          text: "t",
          html: "h",
          status: "failed",
          attempts: 12,
          lastError: "550 no such user",
          createdAt: at,
          nextAttemptAt: at,
        },
        {
          id: "m-waiting",
          kind: "sign-in",
          to: "x@example.test",
          subject: "Sign in",
          text: "t",
          html: "h",
          createdAt: at,
          nextAttemptAt: at,
        },
      ])
      .execute();
    const undelivered = await caller(asUser(admin)).mail.undelivered();
    expect(undelivered.failed.map((m) => [m.id, m.to, m.lastError])).toEqual([["m-failed", "gone@example.test", "550 no such user"]]);
    expect(undelivered.pending).toEqual({ count: 1, oldest: at });
    await t.db.deleteFrom("outbox").execute();
  });

  it("users.update saves the name and avatar of the caller", async () => {
    const result = await caller(asUser(client)).users.update({
      id: client.id,
      name: "  Cleo C. Client ",
      avatar: "http://localhost:3000/storage/v1/object/public/avatars/avatar/abc",
    });
    expect(result).toMatchObject({ name: "Cleo C. Client", image: "http://localhost:3000/storage/v1/object/public/avatars/avatar/abc" });
    expect((await findUserById(t.db, client.id))?.name).toBe("Cleo C. Client");
  });

  it("users.update refuses another user's profile for a non-admin, whatever the id", async () => {
    expect(await codeOf(caller(asUser(client)).users.update({ id: admin.id, name: "Hacked" }))).toBe("FORBIDDEN");
    expect(await codeOf(caller(asUser(creative)).users.update({ id: client.id, name: "Hacked" }))).toBe("FORBIDDEN");
    expect((await findUserById(t.db, admin.id))?.name).toBe("Ada Admin");
  });

  it("users.update stores a person's time zone and clock, refusing an unknown zone as BAD_REQUEST", async () => {
    const person = await makeUser(t.db, { role: "client" });
    const other = await makeUser(t.db, { role: "client" });
    const me: SessionUser = { ...asUser(client), id: person.id, name: person.name, email: person.email ?? "" };
    expect(await caller(me).users.update({ id: person.id, timeZone: "Asia/Tokyo", hourCycle: "h12" })).toMatchObject({
      timeZone: "Asia/Tokyo",
      hourCycle: "h12",
    });
    expect(await findUserById(t.db, person.id)).toMatchObject({ timeZone: "Asia/Tokyo", hourCycle: "h12" });
    // Stored in the zone database's own spelling.
    await caller(me).users.update({ id: person.id, timeZone: "america/los_angeles" });
    expect((await findUserById(t.db, person.id))?.timeZone).toBe("America/Los_Angeles");
    for (const timeZone of ["Mars/Olympus_Mons", "", "+09:00", "Asia/Tokyo'; drop table users; --", "x".repeat(500)]) {
      expect(await codeOf(caller(me).users.update({ id: person.id, timeZone }))).toBe("BAD_REQUEST");
    }
    expect(await codeOf(caller(me).users.update({ id: person.id, hourCycle: "h24" as never }))).toBe("BAD_REQUEST");
    expect((await findUserById(t.db, person.id))?.timeZone).toBe("America/Los_Angeles");
    // Someone else's zone: only an admin sets it.
    expect(await codeOf(caller(me).users.update({ id: other.id, timeZone: "Europe/Paris" }))).toBe("FORBIDDEN");
    expect((await findUserById(t.db, other.id))?.timeZone).toBeNull();
    await caller(asUser(admin)).users.update({ id: other.id, timeZone: "Europe/Paris" });
    expect((await findUserById(t.db, other.id))?.timeZone).toBe("Europe/Paris");
    expect(await caller(asUser(admin)).users.byId({ id: other.id })).toMatchObject({ timeZone: "Europe/Paris", hourCycle: null });
  });

  it("only an admin changes an e-mail address, and never to one in use", async () => {
    expect(await codeOf(caller(asUser(client)).users.update({ id: client.id, email: "new@example.com" }))).toBe("FORBIDDEN");
    expect(await codeOf(caller(asUser(admin)).users.update({ id: client.id, email: creative.email }))).toBe("CONFLICT");
    const changed = await caller(asUser(admin)).users.update({ id: client.id, email: "Cleo@Example.com" });
    expect(changed.email).toBe("cleo@example.com");
  });

  it("users.byId shows a profile to its owner and to an admin only", async () => {
    expect((await caller(asUser(client)).users.byId({ id: client.id })).email).toBeTruthy();
    expect((await caller(asUser(admin)).users.byId({ id: creative.id })).role).toBe("creative");
    expect(await codeOf(caller(asUser(creative)).users.byId({ id: admin.id }))).toBe("FORBIDDEN");
    expect(await codeOf(caller(asUser(admin)).users.byId({ id: "nobody" }))).toBe("NOT_FOUND");
  });

  it("lets an admin invite users and set their role and business, never removing their own admin role", async () => {
    expect(await codeOf(caller(asUser(creative)).users.list())).toBe("FORBIDDEN");
    expect(await codeOf(caller(asUser(client)).users.create({ email: "x@example.com", role: "admin" }))).toBe("FORBIDDEN");
    const invited = await caller(asUser(admin)).users.create({
      email: "New.Client@Example.com",
      role: "client",
      businessId: "demo-business",
    });
    expect(invited.email).toBe("new.client@example.com");
    expect(await codeOf(caller(asUser(admin)).users.create({ email: "new.client@example.com", role: "client" }))).toBe("CONFLICT");
    expect(await codeOf(caller(asUser(admin)).users.create({ email: "z@example.com", role: "client", businessId: "nope" }))).toBe(
      "NOT_FOUND",
    );
    const listed = (await caller(asUser(admin)).users.list()).items.find((u) => u.id === invited.id);
    expect(listed).toMatchObject({ name: null, role: "client", businessName: "Acme Coffee" });
    expect(await caller(asUser(admin)).users.setAccess({ id: invited.id, role: "creative", businessId: null })).toMatchObject({
      role: "creative",
      businessId: null,
    });
    expect(await codeOf(caller(asUser(admin)).users.setAccess({ id: admin.id, role: "client" }))).toBe("PRECONDITION_FAILED");
    expect(await codeOf(caller(asUser(creative)).users.setAccess({ id: creative.id, role: "admin" }))).toBe("FORBIDDEN");
    expect(await codeOf(caller(asUser(admin)).users.setAccess({ id: "nobody", role: "client" }))).toBe("NOT_FOUND");
  });

  it("answers an unknown user with NOT_FOUND for an admin", async () => {
    expect(await codeOf(caller(asUser(admin)).users.update({ id: "nobody", name: "X" }))).toBe("NOT_FOUND");
  });

  it("rejects bad input as BAD_REQUEST with a readable message", async () => {
    const error = await caller(asUser(client))
      .users.update({ id: client.id, name: "   " })
      .catch((e: unknown) => e as TRPCError);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect(await codeOf(caller(asUser(client)).users.update({ id: client.id, avatar: "javascript:alert(1)" }))).toBe("BAD_REQUEST");
  });

  it("settings.emailNotification stores the caller's own setting", async () => {
    const designer = await makeUser(t.db, { role: "creative" });
    const me = { ...asUser(creative), id: designer.id, name: designer.name, email: designer.email ?? "" };
    expect(await caller(me).settings.emailNotification({ emailNotification: false })).toEqual({ emailNotification: false });
    expect((await findUserById(t.db, designer.id))?.emailNotification).toBe(false);
    expect((await findUserById(t.db, admin.id))?.emailNotification).toBe(true);
  });

  describe("signed uploads and upload tickets", () => {
    const avatarPath = "users/Zx81qLmN0pQrStUv";

    it("signs an avatar upload bound to its bucket and path, for two hours", async () => {
      const { token, expiresAt } = await caller(asUser(client)).auth.createSignedURL({ bucket: "avatars", path: avatarPath });
      expect(expiresAt).toEqual(new Date(now().getTime() + 2 * 60 * 60 * 1000));
      expect(verifySignedUploadToken(token, { bucket: "avatars", path: avatarPath }, SECRET, now())).toMatchObject({
        ok: true,
        userId: client.id,
      });
      expect(verifySignedUploadToken(token, { bucket: "avatars", path: "users/AnotherPath00000" }, SECRET, now())).toMatchObject({
        ok: false,
        reason: "wrong-object",
      });
      expect(verifySignedUploadToken(token, { bucket: "thumbnails", path: avatarPath }, SECRET, now())).toMatchObject({ ok: false });
    });

    it("refuses a path that already holds an object, a business avatar for a client, and a bad path", async () => {
      const taken = "users/Tk81qLmN0pQrStUv";
      await files.store.put(`avatars/${taken}`, new Uint8Array([1, 2, 3]), { contentType: "image/jpeg" });
      expect(await codeOf(caller(asUser(creative)).auth.createSignedURL({ bucket: "avatars", path: taken }))).toBe("CONFLICT");
      expect(await codeOf(caller(asUser(client)).auth.createSignedURL({ bucket: "avatars", path: "clients/Zx81qLmN0pQrStUv" }))).toBe(
        "FORBIDDEN",
      );
      expect(
        (await caller(asUser(creative)).auth.createSignedURL({ bucket: "avatars", path: "clients/Zx81qLmN0pQrStUv" })).token,
      ).toBeTruthy();
      for (const path of ["../avatars/x", "users/short", "users/Zx81qLmN0pQrStUv/../../x", "a\u0000b"]) {
        expect(await codeOf(caller(asUser(client)).auth.createSignedURL({ bucket: "avatars", path }))).toBe("BAD_REQUEST");
      }
      expect(await codeOf(caller(asUser(client)).auth.createSignedURL({ bucket: "private" as never, path: avatarPath }))).toBe(
        "BAD_REQUEST",
      );
      expect(await codeOf(caller(null).auth.createSignedURL({ bucket: "avatars", path: avatarPath }))).toBe("UNAUTHORIZED");
    });

    it("issues upload tickets to signed-in users only, for a project and kind", async () => {
      expect(await codeOf(caller(null).uploads.ticket({ projectId: "p", kind: "materials" }))).toBe("UNAUTHORIZED");
      expect(await codeOf(caller(asUser(client)).uploads.ticket({ projectId: "p", kind: "sketches" as never }))).toBe("BAD_REQUEST");
      expect(await codeOf(caller(asUser(client)).uploads.ticket({ projectId: "nope", kind: "materials" }))).toBe("NOT_FOUND");
    });
  });

  describe("over HTTP", () => {
    const handler = () =>
      createTrpcHandler({
        endpoint: "/api/trpc",
        allowedOrigins: [ORIGIN],
        createContext: async () => ({ db: t.db, user: asUser(creative), now, files }),
      });
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      handler()(new Request(`${ORIGIN}/api/trpc/${path}`, { method: "POST", body: JSON.stringify(body), headers }));

    it("accepts a same-origin JSON mutation in superjson form", async () => {
      const res = await post(
        "settings.emailNotification",
        { json: { emailNotification: true } },
        { "content-type": "application/json", origin: ORIGIN },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ result: { data: { json: { emailNotification: true } } } });
    });

    it("refuses a cross-origin or text/plain POST before it runs", async () => {
      const cross = await post(
        "settings.emailNotification",
        { json: { emailNotification: false } },
        { "content-type": "application/json", origin: "http://evil.test" },
      );
      expect(cross.status).toBe(403);
      const plain = await post(
        "settings.emailNotification",
        { json: { emailNotification: false } },
        { "content-type": "text/plain", origin: ORIGIN },
      );
      expect(plain.status).toBe(415);
      const noOrigin = await post(
        "settings.emailNotification",
        { json: { emailNotification: false } },
        { "content-type": "application/json" },
      );
      expect(noOrigin.status).toBe(403);
      expect((await findUserById(t.db, creative.id))?.emailNotification).toBe(true);
    });

    it("answers a query as GET with URL-encoded input, and a zod error with its message", async () => {
      const me = await handler()(new Request(`${ORIGIN}/api/trpc/users.me?input=${encodeURIComponent(JSON.stringify({ json: null }))}`));
      expect(me.status).toBe(200);
      expect(((await me.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id).toBe(creative.id);
      const bad = await post(
        "users.update",
        { json: { id: creative.id, name: "" } },
        { "content-type": "application/json", origin: ORIGIN },
      );
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { error: { json: { message: string; data: { code: string } } } };
      expect(body.error.json.data.code).toBe("BAD_REQUEST");
      expect(body.error.json.message).toContain("Your name is required");
    });

    it("answers auth.createSignedURL as result.data.json.token", async () => {
      const input = encodeURIComponent(JSON.stringify({ json: { bucket: "thumbnails", path: "ACME/Summ/Summer/MATERIALS/a.png.jpg" } }));
      const res = await handler()(new Request(`${ORIGIN}/api/trpc/auth.createSignedURL?input=${input}`));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { data: { json: { token: string } } } };
      expect(body.result.data.json.token).toMatch(/^v1\./);
    });

    it("does not accept batched calls", async () => {
      const res = await handler()(new Request(`${ORIGIN}/api/trpc/users.me,users.me?batch=1&input=${encodeURIComponent("{}")}`));
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
  });
});
