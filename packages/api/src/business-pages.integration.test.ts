// A business's page and brand library on real PostgreSQL: its members and the studio see it, anyone else
// is told there is no such business; the studio edits it; invoices and balances are an admin's.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { billingContacts, createBusiness, type Db } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { brandFolder } from "@atelier/upload-engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

const files = () => ({
  store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-business-pages-")) }),
  secret: "s".repeat(32),
  balancerUrl: "",
});
const sessionOf = (u: { id: string; email: string | null; role: SessionUser["role"]; businessId: string | null }): SessionUser => ({
  id: u.id,
  name: "Someone",
  email: u.email ?? "",
  role: u.role,
  businessId: u.businessId,
  image: null,
  emailNotification: true,
});
const upload = (folder: string, name: string) => {
  const url = `http://127.0.0.1:9/files/${folder}/${name}`;
  return { id: randomUUID(), url, thumbnail: url, blur: url, name };
};

describe("business pages and brand libraries", () => {
  let t: TestDatabase;
  let db: Db;
  const as = (user: SessionUser) => createCaller({ db, user, now: () => new Date("2026-11-25T10:00:00Z"), files: files() });
  let admin: SessionUser;
  let designer: SessionUser;
  let ana: SessionUser;
  let ben: SessionUser;
  let lone: SessionUser;

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
    await createBusiness(db, { id: "acme", name: "Acme" });
    await createBusiness(db, { id: "globex", name: "Globex" });
    admin = sessionOf(await makeUser(db, { role: "admin" }));
    designer = sessionOf(await makeUser(db, { role: "creative" }));
    ana = sessionOf(await makeUser(db, { role: "client", businessId: "acme", email: "ana@acme.test" }));
    ben = sessionOf(await makeUser(db, { role: "client", businessId: "globex", email: "ben@globex.test" }));
    lone = sessionOf(await makeUser(db, { role: "client" }));
    const studio = as(admin);
    const project = await studio.projects.create({ title: "Spring menu", event: "print", businessId: "acme" });
    const old = await studio.projects.create({ title: "Old sign", event: "print", businessId: "acme" });
    await studio.projects.setArchived({ id: old.id, archived: true });
    // An invoice goes out only from a studio whose legal details are complete.
    await studio.invoices.saveBillingProfile({
      legalName: "Studio Ltd",
      address: "1 High Street",
      city: "London",
      postcode: "N1 1AA",
      country: "GB",
      taxNumber: "GB123456789",
      email: "accounts@studio.example",
      iban: "GB82 WEST 1234 5698 7654 32",
      paymentTerms: "",
      bankDetails: "",
      logo: null,
      reminderDays: null,
    });
    // And the buyer's: its address and country.
    await studio.businesses.update({
      id: "acme",
      legal: {
        legalName: "",
        address: "1 Road Runner Way",
        postcode: "85001",
        city: "Phoenix",
        country: "US",
        vatId: "",
        buyerReference: "",
      },
    });
    const line = [{ description: "Design", quantity: 2, unitAmount: 5_000 }];
    const sent = await studio.invoices.create({ businessId: "acme", projectId: project.id, lines: line });
    await studio.invoices.setStatus({ id: sent.id, status: "sent" });
    await studio.invoices.create({ businessId: "acme", lines: line }); // a draft owes nothing
  });
  afterAll(async () => t?.destroy());

  it("shows a client its own business, with members, projects and brand library, but no invoices or addresses", async () => {
    const page = await as(ana).businesses.byId({ id: "acme" });
    expect(page.name).toBe("Acme");
    expect(page.members.map((m) => [m.id, m.email])).toEqual([[ana.id, null]]);
    expect(page.projects.map((p) => [p.title, p.archived]).sort()).toEqual([
      ["Old sign", true],
      ["Spring menu", false],
    ]);
    expect(page.invoices).toBeNull();
    expect(page.balances).toBeNull();
    expect(page.billing).toBeNull();
    expect(page.canEdit).toBe(false);
  });

  it("answers NOT_FOUND to a client for another business's page and library, exactly as for none", async () => {
    for (const caller of [ben, lone]) {
      const c = as(caller);
      for (const businessId of ["acme", "no-such-business"]) {
        expect(await codeOf(c.businesses.byId({ id: businessId }))).toBe("NOT_FOUND");
        expect(await codeOf(c.businesses.brandTicket({ businessId }))).toBe("NOT_FOUND");
        expect(await codeOf(c.businesses.addColour({ businessId, name: "Red", hex: "#ff0000" }))).toBe("NOT_FOUND");
        expect(await codeOf(c.businesses.update({ id: businessId, name: "Mine now" }))).toBe("NOT_FOUND");
        expect(await codeOf(c.businesses.addBrandFiles({ businessId, kind: "logo", files: [upload("x/BRAND", "a.png")] }))).toBe(
          "NOT_FOUND",
        );
      }
    }
  });

  it("gives an admin the invoices and what is owed, a designer neither", async () => {
    const page = await as(admin).businesses.byId({ id: "acme" });
    expect(page.invoices?.map((i) => i.status).sort()).toEqual(["draft", "sent"]);
    expect(page.balances).toEqual([{ currency: "USD", balance: 10_000 }]);
    expect(page.members.map((m) => m.email)).toEqual(["ana@acme.test"]);
    const seen = await as(designer).businesses.byId({ id: "acme" });
    expect(seen.invoices).toBeNull();
    expect(seen.balances).toBeNull();
    expect(seen.canEdit).toBe(true);
    expect(seen.canEditBilling).toBe(false);
    expect(page.canEditBilling).toBe(true);
  });

  it("lets the studio rename, an admin set billing contacts, which invoices are then mailed to; never a client", async () => {
    expect(await billingContacts(db, "acme")).toEqual(["ana@acme.test"]);
    expect((await as(admin).businesses.byId({ id: "acme" })).billing).toMatchObject({ contacts: [], defaults: ["ana@acme.test"] });
    expect(await codeOf(as(ana).businesses.update({ id: "acme", name: "Ana's" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(designer).businesses.update({ id: "acme", name: "globex" }))).toBe("CONFLICT");

    const saved = await as(admin).businesses.update({
      id: "acme",
      name: "Acme Coffee",
      currency: "EUR",
      billingEmails: ["Books@Acme.test", "books@acme.test", "cfo@acme.test"],
    });
    expect(saved).toMatchObject({ name: "Acme Coffee", currency: "EUR", billingEmails: ["books@acme.test", "cfo@acme.test"] });
    expect(await billingContacts(db, "acme")).toEqual(["books@acme.test", "cfo@acme.test"]);
    await as(admin).businesses.update({ id: "acme", billingEmails: [] });
    expect(await billingContacts(db, "acme")).toEqual(["ana@acme.test"]);
    await as(designer).businesses.update({ id: "acme", name: "Acme" });
  });

  it("keeps brand files in the business's BRAND folder and colours as hex values; members and staff see them", async () => {
    const folder = brandFolder({ id: "acme", name: "Acme" });
    const ticket = await as(ana).businesses.brandTicket({ businessId: "acme" });
    expect(ticket.folder).toBe(folder);
    expect(folder).toMatch(/\/BRAND$/);

    // Files elsewhere, even in another business's brand folder, are refused.
    const elsewhere = upload(brandFolder({ id: "globex", name: "Globex" }), "theirs.png");
    expect(await codeOf(as(ana).businesses.addBrandFiles({ businessId: "acme", kind: "logo", files: [elsewhere] }))).toBe("BAD_REQUEST");

    await as(ana).businesses.addBrandFiles({ businessId: "acme", kind: "logo", files: [upload(folder, "logo.png")] });
    await as(designer).businesses.addBrandFiles({ businessId: "acme", kind: "font", files: [upload(folder, "Grotesk.woff2")] });
    await as(designer).businesses.addColour({ businessId: "acme", name: "Roast brown", hex: "#6B4F2A" });
    expect(await codeOf(as(ana).businesses.addColour({ businessId: "acme", name: "Nope", hex: "brown" }))).toBe("BAD_REQUEST");

    const page = await as(ana).businesses.byId({ id: "acme" });
    expect(page.brand.files.map((f) => [f.kind, f.name])).toEqual([
      ["logo", "logo.png"],
      ["font", "Grotesk.woff2"],
    ]);
    expect(page.brand.colours).toMatchObject([{ name: "Roast brown", hex: "#6b4f2a" }]);
    expect(JSON.stringify(page)).not.toContain('"key"');

    // A client removes what it added, not the studio's; nobody outside removes anything.
    const [logo, font] = page.brand.files;
    expect(await codeOf(as(ben).businesses.removeBrandFile({ id: logo!.id }))).toBe("NOT_FOUND");
    expect(await codeOf(as(ana).businesses.removeBrandFile({ id: font!.id }))).toBe("FORBIDDEN");
    await as(ana).businesses.removeBrandFile({ id: logo!.id });
    expect(await codeOf(as(ben).businesses.removeColour({ id: page.brand.colours[0]!.id }))).toBe("NOT_FOUND");
    const after = await as(designer).businesses.byId({ id: "acme" });
    expect(after.brand.files.map((f) => f.name)).toEqual(["Grotesk.woff2"]);
    expect(after.brand.colours).toHaveLength(1);
  });
});
