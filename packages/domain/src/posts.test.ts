import { describe, expect, it } from "vitest";
import { canEditPost, canSeePost, publishedAtAfter } from "./posts";

const author = { id: "a", role: "creative" as const };
const other = { id: "b", role: "creative" as const };
const admin = { id: "c", role: "admin" as const };

describe("canEditPost", () => {
  it.each([
    [author, "a", true],
    [other, "a", false],
    [admin, "a", true],
    [other, null, false],
    [admin, null, true],
  ])("%o editing a post by %s -> %s", (actor, authorId, expected) => {
    expect(canEditPost(actor, { authorId })).toBe(expected);
  });
});

describe("canSeePost", () => {
  const published = new Date("2026-11-25T10:00:00Z");
  it.each([
    [other, published, true],
    [other, null, false],
    [author, null, true],
    [admin, null, true],
  ])("%o sees a post published %s -> %s", (viewer, publishedAt, expected) => {
    expect(canSeePost(viewer, { authorId: "a", publishedAt })).toBe(expected);
  });
});

describe("publishedAtAfter", () => {
  const first = new Date("2026-11-01T00:00:00Z");
  const now = new Date("2026-11-25T00:00:00Z");
  it.each([
    [null, true, now],
    [first, true, first],
    [first, false, null],
    [null, false, null],
  ])("from %s, publish=%s -> %s", (current, publish, expected) => {
    expect(publishedAtAfter(current, publish, now)).toEqual(expected);
  });
});
