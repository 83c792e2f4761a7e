// seed:scale at a small scale on real PostgreSQL: the shape asked for, and derived data (stages, inbox) equal to
// what the product's rules say, recomputed here one comment and one person at a time.
import { COMMENT_EVENTS, type CommentEvent, canViewComment, isOrphanChild, isStaff, type Role, stageAfter } from "@atelier/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unreadCount } from "./comments";
import { DEMO_USERS } from "./seed";
import { scaleSizes, seedScale } from "./seed-scale";
import { createTestDatabase, type TestDatabase } from "./testing";

const SCALE = 0.002;

describe("seed:scale", () => {
  let t: TestDatabase;
  let counts: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDatabase();
    ({ counts } = await seedScale(t.db, { scale: SCALE }));
  }, 120_000);
  afterAll(async () => t?.destroy());

  it("writes the sizes the scale asks for, with the demo business and users among them", async () => {
    const size = scaleSizes(SCALE);
    expect(counts).toMatchObject({
      businesses: size.businesses + 1,
      users: size.staff + size.clients + DEMO_USERS.length,
      projects: size.projects,
      comments: size.comments,
    });
    const demo = await t.db.selectFrom("users").select("id").where("id", "in", ["demo-admin", "demo-creative", "demo-client"]).execute();
    expect(demo).toHaveLength(3);
    const demoComments = await t.db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("businessId", "=", "demo-business")
      .executeTakeFirstOrThrow();
    expect(demoComments.n).toBeGreaterThan(size.comments / (size.businesses + 1) / 2);
    const demoAuthors = await t.db.selectFrom("comments").select("userId").distinct().where("userId", "like", "demo-%").execute();
    expect(demoAuthors.map((a) => a.userId).sort()).toEqual(["demo-admin", "demo-client", "demo-creative"]);
    const demoReaders = await t.db
      .selectFrom("commentReads")
      .innerJoin("comments", "comments.id", "commentReads.commentId")
      .select("commentReads.userId")
      .distinct()
      .where("commentReads.userId", "like", "demo-%")
      .whereRef("commentReads.userId", "!=", "comments.userId")
      .execute();
    expect(demoReaders.map((r) => r.userId).sort()).toEqual(["demo-admin", "demo-client", "demo-creative"]);
  });

  it("refuses to seed over what is there unless forced", async () => {
    await expect(seedScale(t.db, { scale: SCALE })).rejects.toThrow(/--force/);
  });

  it("has the studio's shape: a fifth archived, 5 % internal notes, every event, replies, 90 % read by someone else", async () => {
    const projects = await t.db.selectFrom("projects").select(["id", "archived", "stage"]).execute();
    const comments = await t.db
      .selectFrom("comments")
      .select(["id", "projectId", "userId", "event", "parentId", "isChild", "seq", "createdAt"])
      .orderBy("seq")
      .execute();
    const reads = await t.db.selectFrom("commentReads").select(["commentId", "userId"]).execute();
    const share = (n: number, of: number) => n / of;

    expect(share(projects.filter((p) => p.archived).length, projects.length)).toBeGreaterThan(0.1);
    expect(share(projects.filter((p) => p.archived).length, projects.length)).toBeLessThan(0.3);
    const shadow = share(comments.filter((c) => c.event === "shadow").length, comments.length);
    expect(shadow).toBeGreaterThan(0.03);
    expect(shadow).toBeLessThan(0.07);
    for (const event of COMMENT_EVENTS) expect(comments.some((c) => c.event === event)).toBe(true);

    // seq follows the time comments were written.
    for (let i = 1; i < comments.length; i++) expect(comments[i]!.createdAt >= comments[i - 1]!.createdAt).toBe(true);

    // Replies hang from an earlier comment of their project, and a reply to an internal note is one too.
    const byId = new Map(comments.map((c) => [c.id, c]));
    const replies = comments.filter((c) => c.parentId !== null);
    expect(replies.length).toBeGreaterThan(comments.length * 0.03);
    for (const reply of replies) {
      const parent = byId.get(reply.parentId!)!;
      expect(reply.isChild).toBe(true);
      expect(parent.projectId).toBe(reply.projectId);
      expect(parent.seq).toBeLessThan(reply.seq);
      if (parent.event === "shadow") expect(reply.event).toBe("shadow");
    }

    // Every author read their own comment; 90 % are read by someone besides.
    const readers = new Map<string, Set<string>>();
    for (const r of reads) readers.set(r.commentId, (readers.get(r.commentId) ?? new Set()).add(r.userId));
    expect(comments.every((c) => readers.get(c.id)?.has(c.userId!))).toBe(true);
    const readByOthers = comments.filter((c) => [...(readers.get(c.id) ?? [])].some((u) => u !== c.userId)).length;
    expect(share(readByOthers, comments.length)).toBeGreaterThan(0.85);
    expect(share(readByOthers, comments.length)).toBeLessThan(0.95);

    // A project's stage is its last stage event's, as posting the comments one by one would have left it.
    const expected = new Map(projects.map((p) => [p.id, "new"]));
    for (const c of comments) {
      const stage = stageAfter(c.event);
      if (stage) expected.set(c.projectId, stage);
    }
    for (const p of projects) expect(p.stage, p.id).toBe(expected.get(p.id));
  });

  it("gives each person exactly the notifications the rule says, counted as the bell counts them", async () => {
    const users = await t.db.selectFrom("users").select(["id", "role", "businessId", "readThroughSeq"]).execute();
    const comments = await t.db
      .selectFrom("comments")
      .select(["id", "businessId", "userId", "event", "parentId", "isChild", "seq"])
      .execute();
    const reads = new Set(
      (await t.db.selectFrom("commentReads").select(["commentId", "userId"]).execute()).map((r) => `${r.userId}/${r.commentId}`),
    );
    const inbox = await t.db.selectFrom("inbox").select(["userId", "commentId", "seq"]).execute();
    const maxSeq = Math.max(...comments.map((c) => c.seq));

    for (const user of users) {
      const role = user.role as Role;
      // The unread rule (docs/notifications.md), one comment at a time: visible, not mine, not an orphan, not read (by a row or the watermark).
      const unread = comments
        .filter(
          (c) => (isStaff(role) || c.businessId === user.businessId) && canViewComment({ event: c.event as CommentEvent | null }, role),
        )
        .filter((c) => c.userId !== user.id && !isOrphanChild(c))
        .filter((c) => c.seq > user.readThroughSeq && !reads.has(`${user.id}/${c.id}`))
        .map((c) => c.id)
        .sort();
      const rows = inbox.filter((r) => r.userId === user.id);
      expect(rows.map((r) => r.commentId).sort(), user.id).toEqual(unread);
      expect(await unreadCount(t.db, user.id), user.id).toBe(unread.length);
      // Most of the history is read: the watermark is recent, and something is left unread after it.
      expect(user.readThroughSeq, user.id).toBeGreaterThan(maxSeq / 2);
      expect(unread.length, user.id).toBeGreaterThan(0);
    }
    const demoClient = users.find((u) => u.id === "demo-client")!;
    expect(await unreadCount(t.db, demoClient.id)).toBeGreaterThan(20);
  });
});
