// A reply to an internal note never reaches the client: not in the thread, not in the bell, not over the live stream;
// nor does a link to a note or to another thread's comment find anything (comments.locate).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { LiveEvent, SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

const [, creative, client] = DEMO_USERS;
const asUser = (u: (typeof DEMO_USERS)[number], businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

describe("replies to internal notes", () => {
  let t: TestDatabase;
  const live: LiveEvent[] = [];
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-comments-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) =>
    createCaller({ db: t.db, user: u, now: () => new Date(), files, live: { publish: async (e) => void live.push(e) } });
  const studio = () => as(asUser(creative, null));
  const customer = () => as(asUser(client, DEMO_BUSINESS.id));
  let projectId = "";
  let noteId = "";

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    projectId = (await customer().projects.create({ title: "Spring flyer", event: "flyer" })).id;
    noteId = (await studio().comments.create({ projectId, body: "Client pays late, ask upfront", event: "shadow" })).id;
  });
  afterAll(async () => t?.destroy());

  it("keeps a plain reply to an internal note internal, out of the client's thread, bell and live stream", async () => {
    live.length = 0;
    const { id } = await studio().comments.create({ projectId, body: "Agreed, half upfront", parentId: noteId });
    expect((await studio().comments.byProject({ projectId })).find((c) => c.id === id)?.event).toBe("shadow");
    expect((await customer().comments.byProject({ projectId })).map((c) => c.id)).not.toContain(id);
    expect((await customer().comments.findMany()).map((c) => c.id)).not.toContain(id);
    expect(live).toEqual([expect.objectContaining({ commentId: id, staffOnly: true })]);
  });

  it("refuses a reply to an internal note that would tell the client something", async () => {
    expect(await codeOf(studio().comments.create({ projectId, body: "Approved", event: "approved", parentId: noteId }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("answers a client replying to an internal note as if it did not exist", async () => {
    expect(await codeOf(customer().comments.create({ projectId, body: "What is this?", parentId: noteId }))).toBe("NOT_FOUND");
    expect(await codeOf(customer().comments.create({ projectId, body: "Nope", parentId: "no-such-comment" }))).toBe("NOT_FOUND");
  });

  it("keeps a reply to a plain comment as it was sent", async () => {
    const question = await customer().comments.create({ projectId, body: "Can it be blue?" });
    const { id } = await studio().comments.create({ projectId, body: "Sure", parentId: question.id });
    expect((await customer().comments.byProject({ projectId })).find((c) => c.id === id)?.event).toBeNull();
  });

  it("locates a comment a link names in its thread, with its time", async () => {
    const { id } = await customer().comments.create({ projectId, body: "Can it be blue?" });
    const located = await customer().comments.locate({ projectId, id });
    expect(located?.id).toBe(id);
    expect(located?.createdAt).toBeInstanceOf(Date);
    expect((await studio().comments.locate({ projectId, id }))?.id).toBe(id);
  });

  it("locates for a client no internal note, and no comment of another thread or none", async () => {
    expect(await customer().comments.locate({ projectId, id: noteId })).toBeNull();
    expect((await studio().comments.locate({ projectId, id: noteId }))?.id).toBe(noteId);
    const otherProjectId = (await customer().projects.create({ title: "Summer poster", event: "poster" })).id;
    const elsewhere = await customer().comments.create({ projectId: otherProjectId, body: "Another thread" });
    expect(await customer().comments.locate({ projectId, id: elsewhere.id })).toBeNull();
    expect(await customer().comments.locate({ projectId, id: "no-such-comment" })).toBeNull();
  });

  it("locates nothing for another business's client, not even the project", async () => {
    const { id } = await customer().comments.create({ projectId, body: "Ours" });
    const stranger = as(asUser(client, "some-other-business"));
    expect(await codeOf(stranger.comments.locate({ projectId, id }))).toBe("NOT_FOUND");
  });
});
