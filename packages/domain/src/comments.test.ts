import { describe, expect, it } from "vitest";
import {
  COMMENT_BODY_MAX_LENGTH,
  type Comment,
  canSeeComment,
  clipCommentBody,
  commentHref,
  eventLabel,
  isCommentEvent,
  isOrphanChild,
  isRead,
  isUnread,
  notificationsFor,
  replyEvent,
  sameNotificationScope,
  threadEventLabel,
  toCommentEvent,
  unreadCount,
  type Viewer,
} from "./comments";
import { canPostEvent, canViewComment } from "./internal-notes";
import { commentKinds } from "./proofs";
import type { Role } from "./roles";

const ME = "me";
const OTHER = "other";
const THIRD = "third";

let seq = 0;
function comment(overrides: Partial<Comment> & { by?: string; readBy?: string[]; at?: string } = {}): Comment {
  const { by = OTHER, readBy = [], at = "2026-01-01T12:00:00Z", ...rest } = overrides;
  seq += 1;
  return {
    id: `c${seq}`,
    event: null,
    user: { id: by, name: by, image: null },
    project: { id: "p1", name: "2026-01-01-Spring-Flyer", title: "Spring Flyer" },
    reads: readBy.map((userId) => ({ userId })),
    createdAt: new Date(at),
    isChild: false,
    parentId: null,
    ...rest,
  };
}

const viewer = (role: Role): Viewer => ({ id: ME, role });

describe("threadEventLabel", () => {
  it("says each event as a whole phrase, none ending on a word that waits for a project", () => {
    expect(threadEventLabel("proof_sent")).toBe("sent a proof");
    expect(threadEventLabel("in_progress")).toBe("started work");
    for (const event of ["modification", "briefing", "approved", "reopened", "in_progress", "proof_sent", "delivered", "invoice_sent"])
      expect(threadEventLabel(event), event).not.toMatch(/ (of|on|at)$/);
  });

  it("says nothing beside a plain comment or an internal note", () => {
    for (const event of [null, undefined, "", "shadow", "something-new"]) expect(threadEventLabel(event)).toBeNull();
  });
});

describe("eventLabel", () => {
  it.each<[string | null | undefined, string]>([
    ["modification", "asked for modification"],
    ["briefing", "started the project"],
    ["approved", "approved the project"],
    ["reopened", "reopened the project"],
    ["shadow", "made a comment at"],
    ["something-new", "made a comment at"],
    ["", "made a comment at"],
    [null, "made a comment at"],
    [undefined, "made a comment at"],
  ])("%j -> %s", (event, label) => {
    expect(eventLabel(event)).toBe(label);
  });
});

describe("isCommentEvent / toCommentEvent", () => {
  it.each<[unknown, string | null]>([
    ["shadow", "shadow"],
    ["approved", "approved"],
    ["APPROVED", null],
    ["comment", null],
    [undefined, null],
    [3, null],
  ])("%j -> %j", (value, expected) => {
    expect(toCommentEvent(value)).toBe(expected);
    expect(isCommentEvent(value)).toBe(expected !== null);
  });
});

describe("isRead / isUnread", () => {
  it.each<[string, string, string[], boolean, boolean]>([
    // case, author, readers, read by me, unread for me
    ["someone else's, read by nobody", OTHER, [], false, true],
    ["someone else's, read by someone else but not by me", OTHER, [THIRD], false, true],
    ["someone else's, read by me", OTHER, [ME], true, false],
    ["someone else's, read by me and others", OTHER, [THIRD, ME], true, false],
    ["my own, read by nobody", ME, [], false, false],
    ["my own, read by someone else", ME, [OTHER], false, false],
  ])("%s", (_case, by, readBy, read, unread) => {
    const c = comment({ by, readBy });
    expect(isRead(c, ME)).toBe(read);
    expect(isUnread(c, ME)).toBe(unread);
  });
});

describe("canViewComment", () => {
  it.each<[Comment["event"], Role, boolean]>([
    ["shadow", "client", false],
    ["shadow", "creative", true],
    ["shadow", "admin", true],
    ["approved", "client", true],
    [null, "client", true],
  ])("%s comment for %s: %s", (event, role, expected) => {
    expect(canViewComment({ event }, role)).toBe(expected);
  });
});

describe("canSeeComment", () => {
  const onAcme = (event: Comment["event"]) => ({ event, businessId: "acme" });
  it("lets the studio see every business's comments, internal notes included", () => {
    expect(canSeeComment({ role: "creative", businessId: null }, onAcme("shadow"))).toBe(true);
    expect(canSeeComment({ role: "admin", businessId: "globex" }, onAcme(null))).toBe(true);
  });

  it("lets a client see its own business's comments but no internal note, and nothing of another business", () => {
    expect(canSeeComment({ role: "client", businessId: "acme" }, onAcme(null))).toBe(true);
    expect(canSeeComment({ role: "client", businessId: "acme" }, onAcme("shadow"))).toBe(false);
    expect(canSeeComment({ role: "client", businessId: "globex" }, onAcme(null))).toBe(false);
    expect(canSeeComment({ role: "client", businessId: null }, onAcme(null))).toBe(false);
  });
});

describe("isOrphanChild", () => {
  it.each<[boolean, string | null, boolean]>([
    [true, null, true],
    [true, "c0", false],
    [false, null, false],
  ])("isChild=%s parentId=%j -> %s", (isChild, parentId, expected) => {
    expect(isOrphanChild({ isChild, parentId })).toBe(expected);
  });
});

describe("notificationsFor", () => {
  const ids = (list: Comment[]) => list.map((c) => c.id);

  it("splits others' comments into unread and old, newest first", () => {
    const oldest = comment({ at: "2026-01-01T00:00:00Z" });
    const newest = comment({ at: "2026-03-01T00:00:00Z" });
    const middle = comment({ at: "2026-02-01T00:00:00Z" });
    const readOld = comment({ at: "2026-01-15T00:00:00Z", readBy: [ME] });
    const readNew = comment({ at: "2026-02-15T00:00:00Z", readBy: [ME, THIRD] });
    const readByThirdOnly = comment({ at: "2026-01-20T00:00:00Z", readBy: [THIRD] });

    const result = notificationsFor([oldest, readOld, newest, readNew, middle, readByThirdOnly], viewer("client"));

    expect(ids(result.unread)).toEqual(ids([newest, middle, readByThirdOnly, oldest]));
    expect(ids(result.old)).toEqual(ids([readNew, readOld]));
  });

  it("never lists my own comments, read or not", () => {
    const mineUnread = comment({ by: ME });
    const mineReadByMe = comment({ by: ME, readBy: [ME] });
    const theirs = comment();
    const result = notificationsFor([mineUnread, mineReadByMe, theirs], viewer("admin"));
    expect(ids(result.unread)).toEqual([theirs.id]);
    expect(result.old).toEqual([]);
  });

  it.each<[Role, boolean]>([
    ["client", false],
    ["creative", true],
    ["admin", true],
  ])("shadow comments for a %s: listed=%s", (role, listed) => {
    const shadowUnread = comment({ event: "shadow" });
    const shadowRead = comment({ event: "shadow", readBy: [ME] });
    const result = notificationsFor([shadowUnread, shadowRead], viewer(role));
    expect(ids(result.unread)).toEqual(listed ? [shadowUnread.id] : []);
    expect(ids(result.old)).toEqual(listed ? [shadowRead.id] : []);
  });

  it("skips a child whose parent is null but keeps children with a parent", () => {
    const orphan = comment({ isChild: true, parentId: null });
    const orphanRead = comment({ isChild: true, parentId: null, readBy: [ME] });
    const reply = comment({ isChild: true, parentId: "c0" });
    const result = notificationsFor([orphan, orphanRead, reply], viewer("admin"));
    expect(ids(result.unread)).toEqual([reply.id]);
    expect(result.old).toEqual([]);
  });

  it("keeps the caller's extra fields and does not reorder the input", () => {
    const a = { ...comment({ at: "2026-01-01T00:00:00Z" }), extra: 1 };
    const b = { ...comment({ at: "2026-01-02T00:00:00Z" }), extra: 2 };
    const input = [a, b];
    const result = notificationsFor(input, viewer("client"));
    expect(result.unread.map((c) => c.extra)).toEqual([2, 1]);
    expect(input).toEqual([a, b]);
  });

  it("counts the unread badge with the same rules", () => {
    const list = [
      comment(),
      comment({ readBy: [ME] }),
      comment({ by: ME }),
      comment({ event: "shadow" }),
      comment({ isChild: true, parentId: null }),
    ];
    expect(unreadCount(list, viewer("client"))).toBe(1);
    expect(unreadCount(list, viewer("creative"))).toBe(2);
  });
});

describe("commentHref", () => {
  it.each([
    ["p1", "c9", "/projects/p1?id=c9"],
    ["a b", "x&y", "/projects/a%20b?id=x%26y"],
  ])("project %s comment %s -> %s", (projectId, commentId, href) => {
    expect(commentHref(projectId, commentId)).toBe(href);
  });
});

describe("canPostEvent", () => {
  it.each([
    ["client", "shadow", false],
    ["client", "approved", true],
    ["client", null, true],
    ["creative", "shadow", true],
    ["admin", "modification", true],
  ] as const)("%s posting %s -> %s", (role, event, expected) => {
    expect(canPostEvent(role, event)).toBe(expected);
  });
});

describe("replyEvent", () => {
  it.each([
    [null, "approved", "approved"],
    ["modification", null, null],
    ["shadow", null, "shadow"],
    ["shadow", "shadow", "shadow"],
    ["shadow", "approved", "refused"],
    ["shadow", "modification", "refused"],
  ] as const)("a reply to %s sent as %s -> %s", (parent, event, expected) => {
    expect(replyEvent(parent, event)).toBe(expected);
  });
});

describe("commentKinds", () => {
  it("offers internal notes to the studio only", () => {
    expect(commentKinds("client").map((k) => k.label)).toEqual([
      "Comment",
      "Request changes",
      "Approve",
      "Brief",
      "Reopen",
      "Start work",
      "Deliver",
    ]);
    expect(commentKinds("creative").map((k) => k.label)).toContain("Internal note");
  });
});

describe("sameNotificationScope", () => {
  it.each([
    [{ role: "admin", businessId: null }, { role: "creative", businessId: null }, true],
    [{ role: "creative", businessId: null }, { role: "creative", businessId: "acme" }, true],
    [{ role: "client", businessId: "acme" }, { role: "client", businessId: "acme" }, true],
    [{ role: "client", businessId: "acme" }, { role: "client", businessId: "globex" }, false],
    [{ role: "client", businessId: null }, { role: "client", businessId: "acme" }, false],
    [{ role: "client", businessId: "acme" }, { role: "creative", businessId: "acme" }, false],
    [{ role: "admin", businessId: null }, { role: "client", businessId: null }, false],
  ] as const)("%o -> %o: %s", (a, b, same) => expect(sameNotificationScope(a, b)).toBe(same));
});

describe("clipCommentBody", () => {
  it("keeps a body within the limit as it is", () => {
    const body = "x".repeat(COMMENT_BODY_MAX_LENGTH);
    expect(clipCommentBody(body)).toBe(body);
  });

  it("cuts a longer one to the limit, ending with an ellipsis, never inside an emoji", () => {
    const clipped = clipCommentBody(`Round 2: ${"y".repeat(COMMENT_BODY_MAX_LENGTH)}`);
    expect(clipped).toHaveLength(COMMENT_BODY_MAX_LENGTH);
    expect(clipped.endsWith("y…")).toBe(true);
    const emoji = clipCommentBody(`${"a".repeat(COMMENT_BODY_MAX_LENGTH - 2)}🙂🙂`);
    expect(emoji.length).toBeLessThanOrEqual(COMMENT_BODY_MAX_LENGTH);
    expect(emoji).toBe(`${"a".repeat(COMMENT_BODY_MAX_LENGTH - 2)}…`);
  });
});
