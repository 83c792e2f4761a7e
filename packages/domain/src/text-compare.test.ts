import { describe, expect, it } from "vitest";
import { comparePages, compareText, textWords } from "./text-compare";

const flyer = (phone: string, where: "top" | "bottom") =>
  [
    where === "top" ? `Call ${phone}` : "",
    "Summer fair on the market square, Saturday 14 June from 10 to 18.",
    "Live music, food stalls and a raffle for the school.",
    where === "bottom" ? `Call ${phone}` : "",
  ].join("\n");

describe("textWords", () => {
  it("splits on any white space and compares composed and decomposed letters alike", () => {
    expect(textWords("  Łódź\tcafé \n  Москва ")).toEqual(["Łódź", "café", "Москва"]);
    expect(textWords("Cafe\u0301")).toEqual(textWords("Café"));
    expect(textWords(" \n ")).toEqual([]);
  });
});

describe("compareText", () => {
  it("finds nothing between equal texts, whatever the spacing and line breaks", () => {
    expect(compareText("Summer fair\non Saturday", "Summer   fair on\tSaturday")).toEqual([]);
  });

  it("answers a replaced word as one change, with the words around it", () => {
    expect(compareText("Open from 10 to 18 on Saturday", "Open from 10 to 20 on Saturday")).toEqual([
      { kind: "changed", before: "18", after: "20", lead: "Open from 10 to", trail: "on Saturday" },
    ]);
  });

  it("answers words added and words removed on their own", () => {
    expect(compareText("Live music and food", "Live music, raffle and food")).toEqual([
      { kind: "changed", before: "music", after: "music, raffle", lead: "Live", trail: "and food" },
    ]);
    expect(compareText("a b c d", "a b x c d")).toEqual([{ kind: "added", after: "x", lead: "a b", trail: "c d" }]);
    expect(compareText("a b x c d", "a b c d")).toEqual([{ kind: "removed", before: "x", lead: "a b", trail: "c d" }]);
  });

  it("finds a changed phone number even when it moved to another place on the page", () => {
    const changes = compareText(flyer("+32 2 555 01 00", "top"), flyer("+32 2 555 01 99", "bottom"));
    expect(changes).toEqual([
      { kind: "changed", before: "Call +32 2 555 01 00", after: "Call +32 2 555 01 99", lead: "raffle for the school.", trail: "" },
    ]);
  });

  it("keeps runs that are not alike apart, wherever they are", () => {
    expect(compareText("Intro. Call us today. Outro.", "Intro. Outro. Visit our shop").map((c) => c.kind)).toEqual(["removed", "added"]);
  });

  it("answers words that only moved as moved, once, where they went", () => {
    expect(compareText(flyer("+32 2 555 01 00", "top"), flyer("+32 2 555 01 00", "bottom"))).toEqual([
      { kind: "moved", before: "Call +32 2 555 01 00", lead: "raffle for the school.", trail: "" },
    ]);
  });

  it("answers a whole text added or removed", () => {
    expect(compareText("", "New page")).toEqual([{ kind: "added", after: "New page", lead: "", trail: "" }]);
    expect(compareText("Old page", "")).toEqual([{ kind: "removed", before: "Old page", lead: "", trail: "" }]);
  });
});

describe("comparePages", () => {
  it("answers only the pages whose text changed, numbered from 1", () => {
    const pages = comparePages(["Cover", "Call 555 0100", "Back"], ["Cover", "Call 555 0199", "Back"]);
    expect(pages).toEqual([{ page: 2, changes: [{ kind: "changed", before: "0100", after: "0199", lead: "Call 555", trail: "" }] }]);
  });

  it("answers a page only one version has as all added or all removed", () => {
    expect(comparePages(["One"], ["One", "Two"])).toEqual([{ page: 2, changes: [{ kind: "added", after: "Two", lead: "", trail: "" }] }]);
    expect(comparePages(["One", "Two"], ["One"])).toEqual([
      { page: 2, changes: [{ kind: "removed", before: "Two", lead: "", trail: "" }] },
    ]);
  });
});
