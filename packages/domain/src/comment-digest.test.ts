import { describe, expect, it } from "vitest";
import {
  type CommentDigestItem,
  commentOfDigestItem,
  currentCommentDigest,
  type DigestComment,
  type DigestRecipient,
  digestCommentIds,
  readDigestItems,
} from "./comment-digest";

const item = (commentId: string, event: string | null = null, projectId = "p1"): CommentDigestItem => ({
  commentId,
  projectId,
  author: "Cleo Client",
  event,
  projectName: "2026-11-23-Spring-Flyer",
  body: `Body of ${commentId}`,
  url: `http://app.test/projects/${projectId}?id=${commentId}`,
});
/** An item gathered before items kept their ids: only its link names them. */
const legacy = (url: string, event: string | null = null): CommentDigestItem => ({
  author: "Cleo Client",
  event,
  projectName: "2026-11-23-Spring-Flyer",
  body: "Old",
  url,
});

const designer: DigestRecipient = {
  email: "dan@example.test",
  role: "creative",
  businessId: null,
  deactivatedAt: null,
  mailPreference: "immediate",
};
const client: DigestRecipient = { ...designer, role: "client", businessId: "acme" };
const comments = new Map<string, DigestComment>([
  ["plain", { projectId: "p1", businessId: "acme", event: null }],
  ["note", { projectId: "p1", businessId: "acme", event: "shadow" }],
  ["globex", { projectId: "p2", businessId: "globex", event: null }],
]);
const ids = (digest: ReturnType<typeof currentCommentDigest>) => digest?.items.map((i) => i.commentId ?? i.url) ?? null;

describe("currentCommentDigest", () => {
  it("goes to the recipient's current address with every comment they may see", () => {
    const digest = currentCommentDigest({ ...designer, email: "new@example.test" }, [item("plain"), item("note")], comments);
    expect(digest?.to).toBe("new@example.test");
    expect(digest?.staff).toBe(true);
    expect(ids(digest)).toEqual(["plain", "note"]);
    // Times in it read in the recipient's zone and clock; someone who never chose one reads UTC on a 24-hour clock.
    expect(digest?.time).toEqual({ timeZone: "UTC", hourCycle: "h23" });
    expect(currentCommentDigest({ ...designer, timeZone: "Europe/Paris", hourCycle: "h12" }, [item("plain")], comments)?.time).toEqual({
      timeZone: "Europe/Paris",
      hourCycle: "h12",
    });
  });

  it("keeps internal notes and other businesses' comments from a client, whatever the item says of them", () => {
    expect(ids(currentCommentDigest(client, [item("plain"), item("note", null), item("globex", null, "p2")], comments))).toEqual(["plain"]);
    expect(currentCommentDigest(client, [item("note")], comments)).toBeNull();
  });

  it("drops deleted comments, and items whose project is not their comment's", () => {
    expect(ids(currentCommentDigest(designer, [item("gone"), item("plain", null, "p2"), item("plain")], comments))).toEqual(["plain"]);
  });

  it("leaves nothing for a deactivated or unknown person, one without an address, or one who turned mail off", () => {
    const all = [item("plain")];
    expect(currentCommentDigest({ ...designer, deactivatedAt: new Date() }, all, comments)).toBeNull();
    expect(currentCommentDigest(undefined, all, comments)).toBeNull();
    expect(currentCommentDigest({ ...designer, email: null }, all, comments)).toBeNull();
    expect(currentCommentDigest({ ...designer, mailPreference: "off" }, all, comments)).toBeNull();
    expect(currentCommentDigest({ ...designer, mailPreference: "daily" }, all, comments)).not.toBeNull();
  });

  it("decides older items by the comment their link names, and tells only the studio of those that name none", () => {
    const old = [
      legacy("http://app.test/projects/p1?id=note"),
      legacy("http://app.test/projects/p1?id=plain"),
      legacy("http://app.test/p"),
    ];
    expect(ids(currentCommentDigest(client, old, comments))).toEqual(["http://app.test/projects/p1?id=plain"]);
    expect(ids(currentCommentDigest(designer, old, comments))).toHaveLength(3);
  });
});

describe("commentOfDigestItem", () => {
  it("reads an item's own ids, or those of its link, or none", () => {
    expect(commentOfDigestItem(item("c1"))).toEqual({ commentId: "c1", projectId: "p1" });
    expect(commentOfDigestItem(legacy("https://studio.test/app/projects/p%201?id=c2"))).toEqual({ commentId: "c2", projectId: "p 1" });
    expect(commentOfDigestItem(legacy("http://app.test/projects/p1"))).toBeNull();
    expect(commentOfDigestItem(legacy("not a link"))).toBeNull();
  });
});

describe("readDigestItems / digestCommentIds", () => {
  it("reads what it can of a stored payload and drops the rest", () => {
    expect(readDigestItems(null)).toEqual([]);
    expect(readDigestItems({ not: "a list" })).toEqual([]);
    expect(readDigestItems([item("c1"), { body: 1 }, "x"])).toEqual([item("c1")]);
  });

  it("names each comment once, older items' too", () => {
    expect(digestCommentIds([item("c1"), item("c1"), legacy("http://app.test/projects/p1?id=c2"), legacy("x")])).toEqual(["c1", "c2"]);
  });
});
