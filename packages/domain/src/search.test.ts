import { describe, expect, it } from "vitest";
import { canFindPerson, fileHref, invoiceHref, isSearchable, personHref, searchScope, searchSnippet } from "./search";

describe("searchScope", () => {
  it("reads every business's things for the studio, internal notes and invoices (drafts too) included", () => {
    const admin = searchScope({ id: "a", role: "admin", businessId: null });
    expect(admin).toEqual({
      projects: { all: true },
      businesses: { all: true },
      comments: { all: true },
      internalNotes: true,
      invoices: { businesses: { all: true }, statuses: ["draft", "sent", "paid", "void"] },
      people: { businesses: { all: true }, studio: true, emails: true },
    });
    const designer = searchScope({ id: "d", role: "creative", businessId: null });
    // Designers draft invoices for admins to send: they find every invoice, as admins do.
    expect(designer.invoices).toEqual({ businesses: { all: true }, statuses: ["draft", "sent", "paid", "void"] });
    expect(designer.people).toEqual({ businesses: { all: true }, studio: false, emails: true });
    expect(designer.internalNotes).toBe(true);
  });

  it("reads a client's own business only, without internal notes, drafts or addresses", () => {
    expect(searchScope({ id: "c", role: "client", businessId: "b1" })).toEqual({
      projects: { businessId: "b1" },
      businesses: { businessId: "b1" },
      comments: { businessId: "b1" },
      internalNotes: false,
      invoices: { businesses: { businessId: "b1" }, statuses: ["sent", "paid", "void"] },
      people: { businesses: { businessId: "b1" }, studio: false, emails: false },
    });
    const waiting = searchScope({ id: "w", role: "client", businessId: null });
    expect([waiting.projects, waiting.businesses, waiting.comments, waiting.invoices.businesses, waiting.people.businesses]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("finds people as the pages list them", () => {
    expect(canFindPerson({ id: "a", role: "admin", businessId: null }, { businessId: null })).toBe(true);
    expect(canFindPerson({ id: "d", role: "creative", businessId: null }, { businessId: null })).toBe(false);
    expect(canFindPerson({ id: "d", role: "creative", businessId: null }, { businessId: "b2" })).toBe(true);
    expect(canFindPerson({ id: "c", role: "client", businessId: "b1" }, { businessId: "b2" })).toBe(false);
  });
});

describe("links and lines of what is found", () => {
  it("opens each where its reader may open it", () => {
    expect(fileHref("p 1", "f/1")).toBe("/projects/p%201?file=f%2F1");
    expect(invoiceHref("admin", "i1")).toBe("/invoices/i1");
    expect(invoiceHref("client", "i1")).toBe("/settings/invoices/i1");
    expect(personHref("admin", { id: "u1", businessId: "b1" })).toBe("/users/u1");
    expect(personHref("client", { id: "u1", businessId: "b1" })).toBe("/businesses/b1");
  });

  it("cuts a long text around the first word found, folded", () => {
    const text = `${"Lorem ipsum dolor sit amet. ".repeat(10)}Le café est prêt. ${"Consectetur adipiscing elit. ".repeat(10)}`;
    const snippet = searchSnippet(text, "CAFE", 60);
    expect(snippet).toContain("café");
    expect(snippet.startsWith("…") && snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(62);
    expect(searchSnippet("Short text", "nothing")).toBe("Short text");
    expect(searchSnippet("x".repeat(300), "nothing", 50)).toBe(`${"x".repeat(50)}…`);
  });

  it("searches only for letters or digits, of any script", () => {
    expect(["'", "&", ":*", "!", "", "   "].map(isSearchable)).toEqual([false, false, false, false, false, false]);
    expect(["a", "7", "東京", "Москва"].map(isSearchable)).toEqual([true, true, true, true]);
  });
});
