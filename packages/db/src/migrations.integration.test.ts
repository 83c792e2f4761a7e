import { NO_MIGRATIONS } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  createMigrator,
  DEMO_USERS,
  findUserByEmail,
  migrateToLatest,
  pendingMigrations,
  seedDemo,
  setEmailNotification,
  sql,
} from "./index";
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

  it("commits each migration on its own (its locks go with it): one that fails keeps those before it", async () => {
    const own = await createTestDatabase();
    onTestFinished(() => own.destroy());
    const migrator = createMigrator(own.db);
    expect((await migrator.migrateTo("2026-11-25-0001-project-stage")).error).toBeUndefined();
    expect((await migrator.migrateDown()).error).toBeUndefined();
    // 2026-11-25-0100-inbox creates the table inbox: one already there makes it fail, after 0001 has run.
    await sql`create table inbox (x integer)`.execute(own.db);
    await expect(migrateToLatest(own.db)).rejects.toThrow(/Migration 2026-11-25-0100-inbox failed/);
    const pending = await pendingMigrations(own.db);
    expect(pending[0]).toBe("2026-11-25-0100-inbox");
    expect(pending).not.toContain("2026-11-25-0001-project-stage");
    await sql`drop table inbox`.execute(own.db);
    const ran = await migrateToLatest(own.db);
    expect(ran[0]).toBe("2026-11-25-0100-inbox");
    expect(await pendingMigrations(own.db)).toEqual([]);
  });

  it("numbers and files the comments there were, in batches, as the old one-transaction inbox migration did", async () => {
    const own = await createTestDatabase();
    onTestFinished(() => own.destroy());
    const migrator = createMigrator(own.db);
    expect((await migrator.migrateTo("2026-11-25-0001-project-stage")).error).toBeUndefined();
    await sql`insert into businesses (id, name) values ('b1', 'One'), ('b2', 'Two')`.execute(own.db);
    await sql`insert into projects (id, business_id, name, title, event) values ('p1', 'b1', 'n', 't', 'flyer'), ('p2', 'b2', 'n', 't', 'flyer')`.execute(
      own.db,
    );
    // Written out of order: the numbers follow when each was written, then the id.
    await sql`insert into comments (id, project_id, body, created_at)
      select 'c' || lpad(g::text, 5, '0'), case when g % 2 = 0 then 'p1' else 'p2' end, 'x',
        timestamptz '2026-01-01' + ((g * 7919) % 45000) * interval '1 minute'
      from generate_series(1, 45000) g`.execute(own.db);
    expect(await migrateToLatest(own.db)).toContain("2026-11-25-0100-inbox");
    const wrong = await sql<{ n: number }>`select count(*)::int as n from comments c join projects p on p.id = c.project_id
      where c.business_id is distinct from p.business_id`.execute(own.db);
    expect(wrong.rows[0]?.n).toBe(0);
    const order = await sql<{ ok: boolean; top: number; n: number }>`
      select bool_and(seq = rn) as ok, max(seq)::int as top, count(*)::int as n
      from (select seq, row_number() over (order by created_at, id) as rn from comments) x`.execute(own.db);
    expect(order.rows[0]).toEqual({ ok: true, top: 45000, n: 45000 });
    // The next comment goes on from there; the fill's helpers are gone.
    await sql`insert into comments (id, project_id, body) values ('next', 'p1', 'y')`.execute(own.db);
    const next = await sql<{ seq: number; businessId: string }>`select seq, business_id from comments where id = 'next'`.execute(own.db);
    expect(next.rows[0]).toEqual({ seq: 45001, businessId: "b1" });
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = 'comments_seq_fill'`.execute(own.db);
    expect(left.rows[0]?.n).toBe(0);
    // Run again (as after a failure part way), it changes nothing and fails on nothing.
    const { migrations } = await import("./migrations");
    await migrations["2026-11-25-0100-inbox"]?.up(own.db);
    const again = await sql<{ top: number; n: number }>`select max(seq)::int as top, count(*)::int as n from comments`.execute(own.db);
    expect(again.rows[0]).toEqual({ top: 45001, n: 45001 });
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
