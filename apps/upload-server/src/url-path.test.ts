import { describe, expect, it } from "vitest";
import { fileUrl, MAX_NAME_CHOICES, nameChoices, normaliseUrlPath } from "./url-path";

describe("normaliseUrlPath", () => {
  it.each([
    ["ACME/ACME/MATERIALS/logo.psd", "ACME/ACME/MATERIALS/logo.psd"],
    ["ACME//x/", "ACME/x"],
    ['a b/"quoted"/é.png', "a_b/_quoted_/_.png"],
    ["a%20b/c", "a_b/c"],
    ["dir\\file.txt", "dir/file.txt"],
  ])("normalises %j to %j", (raw, expected) => {
    expect(normaliseUrlPath(raw)).toBe(expected);
  });

  it.each(["", "   ", "..", "a/../b", "a/%2E%2E/b", "/abs", "\\abs", "C:/x", "a%00b", `a/${"x".repeat(2048)}`, "%E0%A4%A"])(
    "refuses %j with a 400",
    (raw) => {
      expect(() => normaliseUrlPath(raw)).toThrow(expect.objectContaining({ statusCode: 400 }));
    },
  );

  it("builds an encoded url", () => {
    expect(fileUrl("http://h:1", "a/b(1).png")).toBe("http://h:1/files/a/b(1).png");
  });
});

describe("nameChoices", () => {
  const first = (urlPath: string, count: number) => Array.from(nameChoices(urlPath)).slice(0, count);

  it("numbers the name before its extension, in the same folder", () => {
    expect(first("ACME/ACME/MATERIALS/flyer.print.pdf", 3)).toEqual([
      "ACME/ACME/MATERIALS/flyer.print.pdf",
      "ACME/ACME/MATERIALS/flyer.print-2.pdf",
      "ACME/ACME/MATERIALS/flyer.print-3.pdf",
    ]);
  });

  it("numbers a name without an extension, or one that only starts with a dot, at its end", () => {
    expect(first("a/README", 2)).toEqual(["a/README", "a/README-2"]);
    expect(first("a/.env", 2)).toEqual(["a/.env", "a/.env-2"]);
    expect(first("top.txt", 2)).toEqual(["top.txt", "top-2.txt"]);
  });

  it(`stops after ${MAX_NAME_CHOICES} names`, () => {
    const all = Array.from(nameChoices("a/b.txt"));
    expect(all).toHaveLength(MAX_NAME_CHOICES);
    expect(new Set(all).size).toBe(MAX_NAME_CHOICES);
    expect(all.at(-1)).toBe(`a/b-${MAX_NAME_CHOICES}.txt`);
  });
});
