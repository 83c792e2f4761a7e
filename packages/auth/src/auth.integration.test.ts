import { DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { authErrorMessage } from "@atelier/domain";
import { createMailer, createOutbox } from "@atelier/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowMagicLink,
  createAuthOptions,
  createKyselyAdapter,
  DEACTIVATED_ERROR,
  getSessionUser,
  MAGIC_LINK_CLIENT_LIMIT,
  MAGIC_LINK_CLIENT_WINDOW_MS,
  MAGIC_LINK_LIMIT,
  MAGIC_LINK_WINDOW_MS,
  SESSION_COOKIE,
} from "./index";

describe("auth against PostgreSQL", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("creates a user without a name, as a client, and finds it by e-mail and by account", async () => {
    const adapter = createKyselyAdapter(t.db, { adminEmails: ["boss@example.com"] });
    const user = await adapter.createUser!({ email: "New@Example.com", emailVerified: null, name: "From Google" } as never);
    expect(user).toMatchObject({ email: "new@example.com", name: null, role: "client" });
    const boss = await adapter.createUser!({ email: "boss@example.com", emailVerified: null } as never);
    expect(boss).toMatchObject({ role: "admin" });
    expect((await adapter.getUserByEmail!("NEW@example.com"))?.id).toBe(user.id);
    await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "google", providerAccountId: "g-1" } as never);
    expect((await adapter.getUserByAccount!({ provider: "google", providerAccountId: "g-1" }))?.id).toBe(user.id);
    expect(await adapter.getUserByAccount!({ provider: "google", providerAccountId: "g-2" })).toBeNull();
  });

  it("tells the admins, with the new user, of someone who signed up alone", async () => {
    const options = createAuthOptions({
      db: t.db,
      secret: "s".repeat(32),
      mailer: createMailer({ from: "x", db: t.db, log: () => {} }),
      from: "x",
      adminEmails: ["second-boss@example.com"],
      signUpNotice: {
        outbox: createOutbox({ db: t.db, transport: createMailer({ from: "x", db: t.db, log: () => {} }) }),
        appUrl: "http://app.test/",
      },
    });
    const adapter = options.adapter!;
    const admins = await t.db.selectFrom("users").select("email").where("role", "=", "admin").execute();
    await adapter.createUser!({ email: "walk-in@example.com", emailVerified: null } as never);
    await adapter.createUser!({ email: "second-boss@example.com", emailVerified: null } as never);
    const notices = await t.db.selectFrom("outbox").select(["to", "subject", "text"]).where("kind", "=", "sign-up").execute();
    // One notice to each admin there was (an admin's own first sign-in needs no notice).
    expect(notices.map((n) => n.to).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(notices.map((n) => n.to)).toContain("admin@atelier.local");
    expect(notices[0]?.subject).toContain("walk-in@example.com signed up");
    expect(notices[0]?.text).toContain("http://app.test/users");

    // A notice that cannot be written takes the sign-up with it, so nobody is left unnoticed.
    const failing = createKyselyAdapter(t.db, { onSignUp: async () => Promise.reject(new Error("outbox down")) });
    await expect(failing.createUser!({ email: "lost@example.com", emailVerified: null } as never)).rejects.toThrow("outbox down");
    expect(await failing.getUserByEmail!("lost@example.com")).toBeNull();
  });

  it("keeps database sessions and reads the session user from the cookie, not after expiry", async () => {
    const adapter = createKyselyAdapter(t.db);
    const now = new Date("2026-11-22T10:00:00Z");
    await adapter.createSession!({ sessionToken: "tok-1", userId: DEMO_USERS[1].id, expires: new Date("2026-12-01T00:00:00Z") });
    const found = await adapter.getSessionAndUser!("tok-1");
    expect(found?.user).toMatchObject({ id: DEMO_USERS[1].id, role: "creative" });
    expect(await getSessionUser(t.db, `a=b; ${SESSION_COOKIE}=tok-1`, now)).toMatchObject({
      id: DEMO_USERS[1].id,
      role: "creative",
      name: "Dora Designer",
    });
    expect(await getSessionUser(t.db, `${SESSION_COOKIE}=tok-1`, new Date("2026-12-02T00:00:00Z"))).toBeNull();
    expect(await getSessionUser(t.db, `${SESSION_COOKIE}=forged`, now)).toBeNull();
    expect(await getSessionUser(t.db, null, now)).toBeNull();
    await adapter.deleteSession!("tok-1");
    expect(await getSessionUser(t.db, `${SESSION_COOKIE}=tok-1`, now)).toBeNull();
  });

  it("refuses sign-in to a deactivated user by link or provider, with the login page's code for it", async () => {
    const signIn = createAuthOptions({
      db: t.db,
      secret: "s".repeat(32),
      mailer: createMailer({ from: "x", db: t.db, log: () => {} }),
      from: "x",
    }).callbacks!.signIn!;
    const [, designer] = DEMO_USERS;
    const ask = (user: { id: string; email: string }) => signIn({ user: user as never, account: null });
    expect(await ask({ id: designer.id, email: designer.email })).toBe(true);
    // A sign-in link asked for by an address nobody has yet: a sign-up, allowed.
    expect(await ask({ id: "walk-in-2@example.com", email: "walk-in-2@example.com" })).toBe(true);
    await t.db.updateTable("users").set({ deactivatedAt: new Date() }).where("id", "=", designer.id).execute();
    try {
      const refused = `/login?error=${DEACTIVATED_ERROR}`;
      expect(await ask({ id: designer.email, email: designer.email.toUpperCase() })).toBe(refused);
      expect(await ask({ id: designer.id, email: designer.email })).toBe(refused);
      expect(authErrorMessage(DEACTIVATED_ERROR)).toContain("deactivated");
    } finally {
      await t.db.updateTable("users").set({ deactivatedAt: null }).where("id", "=", designer.id).execute();
    }
  });

  it("uses a verification token once", async () => {
    const adapter = createKyselyAdapter(t.db);
    await adapter.createVerificationToken!({ identifier: "a@example.com", token: "hash", expires: new Date("2026-12-01T00:00:00Z") });
    expect(await adapter.useVerificationToken!({ identifier: "a@example.com", token: "hash" })).toMatchObject({ token: "hash" });
    expect(await adapter.useVerificationToken!({ identifier: "a@example.com", token: "hash" })).toBeNull();
  });

  it("limits magic-link requests per address within the short window, whichever client asks", async () => {
    const start = new Date("2026-11-22T10:00:00Z");
    const from = (clientAddress: string | null, identifier = "limit@example.com") => ({ identifier, clientAddress });
    for (let i = 0; i < MAGIC_LINK_LIMIT; i++) expect(await allowMagicLink(t.db, from(`10.0.0.${i}`), start)).toBe(true);
    expect(await allowMagicLink(t.db, from("10.0.1.1"), start)).toBe(false);
    expect(await allowMagicLink(t.db, from(null), start)).toBe(false);
    expect(await allowMagicLink(t.db, from("10.0.1.1", "other@example.com"), start)).toBe(true);
    expect(await allowMagicLink(t.db, from("10.0.1.1"), new Date(start.getTime() + MAGIC_LINK_WINDOW_MS + 1))).toBe(true);
  });

  it("limits one client across addresses, but not every client whose address is unknown", async () => {
    const start = new Date("2026-11-23T10:00:00Z");
    const ask = (clientAddress: string | null, i: number, at = start) =>
      allowMagicLink(t.db, { identifier: `bomb${i}@example.com`, clientAddress }, at);
    for (let i = 0; i < MAGIC_LINK_CLIENT_LIMIT; i++) expect(await ask("192.0.2.7", i)).toBe(true);
    expect(await ask("192.0.2.7", MAGIC_LINK_CLIENT_LIMIT)).toBe(false);
    expect(await ask("192.0.2.8", MAGIC_LINK_CLIENT_LIMIT)).toBe(true);
    for (let i = 0; i <= MAGIC_LINK_CLIENT_LIMIT; i++) expect(await ask(null, 100 + i)).toBe(true);
    expect(await ask("192.0.2.7", 200, new Date(start.getTime() + MAGIC_LINK_CLIENT_WINDOW_MS + 1))).toBe(true);
  });

  it("keeps the limit under parallel requests and forgets attempts older than every window", async () => {
    const now = new Date("2026-11-24T10:00:00Z");
    const old = new Date(now.getTime() - MAGIC_LINK_CLIENT_WINDOW_MS - 1);
    await t.db.insertInto("signInAttempts").values({ identifier: "old@example.com", clientAddress: null, createdAt: old }).execute();
    const results = await Promise.all(
      Array.from({ length: 3 * MAGIC_LINK_LIMIT }, () =>
        allowMagicLink(t.db, { identifier: "race@example.com", clientAddress: null }, now),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(MAGIC_LINK_LIMIT);
    const { count } = await t.db
      .selectFrom("signInAttempts")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("createdAt", "<", new Date(now.getTime() - MAGIC_LINK_CLIENT_WINDOW_MS))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });
});
