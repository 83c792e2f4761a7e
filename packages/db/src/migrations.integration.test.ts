import { NO_MIGRATIONS } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createMigrator, DEMO_USERS, findUserByEmail, seedDemo, setEmailNotification, sql } from "./index";
import { createTestDatabase, makeUser, type TestDatabase } from "./testing";

describe("migrations on PostgreSQL", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.destroy());

  it("creates every table from empty", async () => {
    const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public' order by tablename`.execute(
      t.db,
    );
    expect(tables.rows.map((r) => r.tablename)).toEqual(
      expect.arrayContaining(["accounts", "dev_mail", "sessions", "sign_in_attempts", "users", "verification_tokens"]),
    );
  });

  it("migrates down to empty and up again", async () => {
    const migrator = createMigrator(t.db);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'users'`.execute(t.db);
    expect(left.rows[0]?.n).toBe(0);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
  });

  it("keeps project files by the key their URLs named, one key for every spelling of one stored file", async () => {
    const migrator = createMigrator(t.db);
    expect((await migrator.migrateTo("2026-11-22-0006-posts")).error).toBeUndefined();
    await sql`insert into businesses (id, name) values ('b', 'B')`.execute(t.db);
    await sql`insert into projects (id, business_id, name, title, event) values ('p', 'b', 'n', 't', 'flyer')`.execute(t.db);
    const rows = [
      ["f1", "http://127.0.0.1:3101/files/B/2026/n/PRINT-READY/final.pdf"],
      ["f2", "http://localhost:3102/files/B/2026/n/PRINT-READY/final.pdf?dup=1"],
      ["f3", "http://127.0.0.1:3101/files/B/2026/n/MATERIALS/a%20b.pdf"],
    ];
    for (const [id, url] of rows)
      await sql`insert into project_files (id, project_id, kind, upload_id, name, url, thumbnail, blur)
        values (${id}, 'p', 'materials', 'u', 'x', ${url}, '/p.svg', '/p.svg')`.execute(t.db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const keys = await t.db.selectFrom("projectFiles").select(["id", "key"]).orderBy("id").execute();
    expect(keys).toEqual([
      { id: "f1", key: "B/2026/n/PRINT-READY/final.pdf" },
      { id: "f2", key: "B/2026/n/PRINT-READY/final.pdf" },
      { id: "f3", key: "B/2026/n/MATERIALS/a b.pdf" },
    ]);
    await sql`delete from businesses where id = 'b'`.execute(t.db);
  });

  it("names the recipient of mail gathered before recipients were kept, from its key", async () => {
    const own = await createTestDatabase();
    onTestFinished(() => own.destroy());
    const migrator = createMigrator(own.db);
    expect((await migrator.migrateTo("2026-11-25-1200-more-length-limits")).error).toBeUndefined();
    await sql`insert into users (id, email) values ('u1', 'u1@example.test'), ('u10', 'u10@example.test')`.execute(own.db);
    await sql`insert into outbox (id, kind, "to", subject, text, html, digest_key, payload) values
      ('m1', 'comment', 'u1@example.test', '', '', '', 'project:u1:p1', '[]'),
      ('m2', 'comment', 'u10@example.test', '', '', '', 'daily:u10', '[]'),
      ('m3', 'comment', 'gone@example.test', '', '', '', 'project:gone:p1', '[]'),
      ('m4', 'sign-in', 'u1@example.test', 's', 't', 'h', null, null)`.execute(own.db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await own.db.selectFrom("outbox").select(["id", "recipientId"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "m1", recipientId: "u1" },
      { id: "m2", recipientId: "u10" },
      { id: "m3", recipientId: null },
      { id: "m4", recipientId: null },
    ]);
  });

  it("seeds the demo users once, and refuses an unknown role", async () => {
    // The demo seed is for an empty database, so this test has one of its own.
    const own = await createTestDatabase();
    onTestFinished(() => own.destroy());
    expect(await seedDemo(own.db)).toBe(true);
    expect(await seedDemo(own.db)).toBe(false);
    const admin = await findUserByEmail(own.db, DEMO_USERS[0].email);
    expect(admin).toMatchObject({ role: "admin", name: "Ada Admin", emailNotification: true });
    await expect(
      own.db
        .insertInto("users")
        .values({ id: "x", email: "x@example.com", role: "owner" as never })
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it("stores the e-mail notification setting", async () => {
    const user = await makeUser(t.db);
    const updated = await setEmailNotification(t.db, user.id, false);
    expect(updated?.emailNotification).toBe(false);
  });
});
