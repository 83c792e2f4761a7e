// The blog on real PostgreSQL: drafts stay with their author and the admins, authors edit their own posts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

describe("blog posts: drafts, publishing, editing", () => {
  let t: TestDatabase;
  let db: Db;
  let clock = new Date("2026-11-25T09:00:00Z");
  const files = { store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-posts-")) }), secret: "s".repeat(32), balancerUrl: "" };
  const as = (user: SessionUser) => createCaller({ db, user, now: () => clock, files });
  const session = async (role: SessionUser["role"]): Promise<SessionUser> => {
    const u = await makeUser(db, { role });
    return { id: u.id, name: u.name, email: u.email ?? "", role, businessId: null, image: null, emailNotification: true };
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
  });
  afterAll(async () => t?.destroy());

  it("keeps a draft to its author and the admins until it is published, and keeps the first publishing date", async () => {
    const [dora, dan, ada] = [await session("creative"), await session("creative"), await session("admin")];
    const { id } = await as(dora).posts.create({ title: "Print partners", body: "Draft **notes**", publish: false });
    const titles = async (u: SessionUser) => (await as(u).posts.list()).map((p) => [p.title, p.publishedAt]);
    expect(await titles(dora)).toEqual([["Print partners", null]]);
    expect(await titles(ada)).toEqual([["Print partners", null]]);
    expect(await titles(dan)).toEqual([]);
    // Someone else's draft is no post at all to another designer.
    expect(await codeOf(as(dan).posts.update({ id, title: "Mine", body: "x" }))).toBe("NOT_FOUND");
    expect(await codeOf(as(dan).posts.delete({ id }))).toBe("NOT_FOUND");

    clock = new Date("2026-11-25T10:00:00Z");
    await as(dora).posts.update({ id, title: "Print partners", body: "We print with **Acme Print**.", publish: true });
    expect(await titles(dan)).toEqual([["Print partners", clock]]);
    // Published, another designer may read but not edit or remove it.
    expect(await codeOf(as(dan).posts.update({ id, title: "Mine", body: "x" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(dan).posts.delete({ id }))).toBe("FORBIDDEN");

    clock = new Date("2026-11-25T11:00:00Z");
    await as(ada).posts.update({ id, title: "Our print partner", body: "Edited by an admin." });
    const [post] = await as(dan).posts.list();
    expect(post).toMatchObject({
      title: "Our print partner",
      body: "Edited by an admin.",
      publishedAt: new Date("2026-11-25T10:00:00Z"),
      updatedAt: clock,
    });
    await as(dora).posts.delete({ id });
    expect(await titles(ada)).toEqual([]);
  });

  it("refuses clients, and empty or oversized posts", async () => {
    const client = await session("client");
    expect(await codeOf(as(client).posts.create({ title: "x", body: "y" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(client).posts.update({ id: "any", title: "x", body: "y" }))).toBe("FORBIDDEN");
    const dora = await session("creative");
    expect(await codeOf(as(dora).posts.create({ title: "x", body: " " }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(dora).posts.create({ title: "x", body: "y".repeat(20_001) }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(dora).posts.update({ id: "missing", title: "x", body: "y" }))).toBe("NOT_FOUND");
  });
});
