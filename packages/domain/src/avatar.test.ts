import { describe, expect, it } from "vitest";
import { AVATAR_SIZES, initials, NOTIFICATION_AVATAR_SIZE } from "./avatar";

describe("initials", () => {
  it.each<[string | null | undefined, string]>([
    ["Ada Lovelace", "AL"],
    ["ada lovelace", "AL"],
    ["Grace Brewster Murray Hopper", "GH"],
    ["  Ada   Lovelace  ", "AL"],
    ["Ada\tLovelace\n", "AL"],
    ["Ada\u00a0Lovelace", "AL"],
    ["Madonna", "M"],
    ["  cher  ", "C"],
    ["Émile Zola", "ÉZ"],
    ["éric ñúñez", "ÉÑ"],
    // Decomposed accents come back composed and whole.
    ["E\u0301mile O\u0308zil", "ÉÖ"],
    ["Åsa Øberg", "ÅØ"],
    ["Jean-Luc Picard", "JP"],
    ["李 小龙", "李小"],
    ["", ""],
    ["   ", ""],
    [null, ""],
    [undefined, ""],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("AVATAR_SIZES", () => {
  it("matches the sizes of docs/product.md", () => {
    expect(AVATAR_SIZES).toEqual({ sm: 32, default: 40, md: 50, lg: 90, xl: 150 });
    expect(NOTIFICATION_AVATAR_SIZE).toBe(50);
  });
});
