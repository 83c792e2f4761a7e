// search.query on real PostgreSQL: each kind is found, where it opens; a client finds its own business's things only,
// never internal notes or drafts, whatever it sends; what every role finds is what the visibility rules let it see,
// row by row; a title outranks a body; prefixes, accents and other scripts match; hostile queries answer.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, type Db } from "@atelier/db";
import { createTestDatabase, makeProject, makeUser, type TestDatabase } from "@atelier/db/testing";
import {
  type CommentEvent,
  canFindPerson,
  canSeeBusiness,
  canSeeComment,
  canSeeInvoice,
  canSeeProject,
  type InvoiceStatus,
  type Role,
  type SessionUser,
} from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, type RouterOutputs } from "./index";
import { codeOf } from "./testing/code-of";

type Answer = RouterOutputs["search"]["query"];

const files = () => ({
  store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-search-")) }),
  secret: "s".repeat(32),
  balancerUrl: "http://b.test",
});

describe("search.query (PostgreSQL)", () => {
  let t: TestDatabase;
  let db: Db;
  const now = () => new Date("2026-11-27T12:00:00Z");
  const people: Record<"admin" | "creative" | "clientA" | "clientB" | "lonely", SessionUser> = {} as never;
  const as = (user: SessionUser) => createCaller({ db, user, now, files: files() });
  let A: string;
  let B: string;
  let projectA: string;
  let projectB: string;

  const session = async (role: Role, businessId: string | null, name: string): Promise<SessionUser> => {
    const u = await makeUser(db, { role, businessId, name });
    return { id: u.id, name: u.name, email: u.email ?? "", role, businessId, image: null, emailNotification: true };
  };
  const comment = async (projectId: string, body: string, event: CommentEvent | null = null, userId: string | null = null) => {
    const id = randomUUID();
    await db.insertInto("comments").values({ id, projectId, body, event, userId, parentId: null }).execute();
    return id;
  };
  const file = async (projectId: string, name: string) => {
    const id = randomUUID();
    await db
      .insertInto("projectFiles")
      .values({
        id,
        projectId,
        kind: "materials",
        uploadId: id,
        name,
        key: `k/${id}`,
        thumbnail: "",
        blur: "",
        size: 1,
        type: null,
        sha256: null,
        uploadedBy: null,
      })
      .execute();
    return id;
  };
  const invoice = async (businessId: string, number: string, status: InvoiceStatus, notes: string | null = null) => {
    const id = randomUUID();
    await db
      .insertInto("invoices")
      .values({ id, number, businessId, projectId: null, status, notes, sentAt: null, paidAt: null, createdBy: null })
      .execute();
    return id;
  };
  const search = (user: SessionUser, q: string, limit?: number) => as(user).search.query(limit === undefined ? { q } : { q, limit });
  const ids = (answer: Answer, kind?: string) =>
    answer.groups.filter((g) => !kind || g.kind === kind).flatMap((g) => g.items.map((i) => i.id));

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
    A = (await createBusiness(db, { id: randomUUID(), name: "Zephyr Bakery" })).id;
    B = (await createBusiness(db, { id: randomUUID(), name: "Borealis Bistro" })).id;
    people.admin = await session("admin", null, "Ada Zephyrson");
    people.creative = await session("creative", null, "Dora Designer");
    people.clientA = await session("client", A, "Zelda Zephyrine");
    people.clientB = await session("client", B, "Bruno Zephyrus");
    people.lonely = await session("client", null, "Lone Waiting");
    projectA = (await makeProject(db, { businessId: A, title: "Zephyr spring poster" })).id;
    projectB = (await makeProject(db, { businessId: B, title: "Zephyr winter menu" })).id;
  });
  afterAll(async () => t?.destroy());

  it("finds each kind with the link that opens it", async () => {
    const fileId = await file(projectA, "zephyr_final-artwork.pdf");
    const commentId = await comment(projectA, "Could the zephyr logo be a little larger on the second page?");
    const invoiceId = await invoice(A, "2026-0042", "sent", "Zephyr poster, two rounds");
    const answer = await search(people.admin, "zephyr");
    expect(answer.groups.map((g) => g.kind)).toEqual(["projects", "files", "comments", "invoices", "people", "businesses"]);
    const item = (kind: string, id: string) => answer.groups.find((g) => g.kind === kind)?.items.find((i) => i.id === id);
    expect(item("projects", projectA)).toMatchObject({
      title: "Zephyr spring poster",
      detail: "Zephyr Bakery",
      href: `/projects/${projectA}`,
    });
    expect(item("files", fileId)).toMatchObject({ title: "zephyr_final-artwork.pdf", href: `/projects/${projectA}?file=${fileId}` });
    expect(item("comments", commentId)).toMatchObject({ detail: "Zephyr spring poster", href: `/projects/${projectA}?id=${commentId}` });
    expect(item("comments", commentId)?.title).toContain("zephyr logo");
    expect(item("invoices", invoiceId)).toMatchObject({ title: "2026-0042", detail: "Zephyr Bakery", href: `/invoices/${invoiceId}` });
    expect(item("people", people.clientA.id)).toMatchObject({ title: "Zelda Zephyrine", href: `/users/${people.clientA.id}` });
    expect(item("businesses", A)).toMatchObject({ title: "Zephyr Bakery", href: `/businesses/${A}` });
    // A part of a file's name is a word of its own; the invoice by its number; a person by their address, for staff.
    expect(ids(await search(people.admin, "artwork"), "files")).toEqual([fileId]);
    expect(ids(await search(people.admin, "2026-0042"), "invoices")).toEqual([invoiceId]);
    expect(ids(await search(people.admin, people.clientB.email!), "people")).toEqual([people.clientB.id]);
    // A client opens its invoice under Billing, and a person on its business's page.
    const client = await search(people.clientA, "zephyr");
    expect(client.groups.find((g) => g.kind === "invoices")?.items.find((i) => i.id === invoiceId)?.href).toBe(
      `/settings/invoices/${invoiceId}`,
    );
    expect(client.groups.find((g) => g.kind === "people")?.items.find((i) => i.id === people.clientA.id)?.href).toBe(`/businesses/${A}`);
  });

  it("never shows a client another business's things, internal notes or drafts, whatever it sends", async () => {
    const note = await comment(projectA, "Internal: zephyr margin is too tight, fix before the client sees", "shadow");
    const plain = await comment(projectA, "Zephyr proof looks right to us");
    const theirs = await comment(projectB, "Zephyr menu of the other business");
    const theirFile = await file(projectB, "zephyr-other.pdf");
    const draft = await invoice(A, "2026-0900", "draft", "zephyr draft");
    const theirInvoice = await invoice(B, "2026-0901", "sent", "zephyr other");
    const forbidden = [note, theirs, theirFile, draft, theirInvoice, projectB, B, people.clientB.id, people.admin.id];
    const attempts = [
      "zephyr",
      "zeph",
      "zephyr | borealis",
      "zephyr or borealis",
      "-bakery zephyr",
      "'zephyr':* | 'borealis':*",
      "internal",
      "other",
      "2026-09",
      "borealis",
      people.clientB.email!,
    ];
    for (const q of attempts) {
      // Extra fields name another business: the input has none, and they change nothing.
      const answer = await as(people.clientA).search.query({ q, limit: 20, businessId: B, role: "admin" } as never);
      const found = ids(answer);
      expect(
        found.filter((id) => forbidden.includes(id)),
        `"${q}" finds only what client A may see`,
      ).toEqual([]);
    }
    expect(ids(await search(people.clientA, "zephyr", 20), "comments")).toContain(plain);
    // A client's people are found by name, never by address.
    expect(ids(await search(people.clientA, people.clientA.email!), "people")).toEqual([]);
    // Staff see the internal note; a client without a business finds nothing of anyone's.
    expect(ids(await search(people.creative, "zephyr margin"), "comments")).toEqual([note]);
    expect(ids(await search(people.lonely, "zephyr"))).toEqual([]);
  });

  it("finds for every role exactly what the visibility rules let it see", async () => {
    const word = "quokka";
    const made = {
      comments: [
        { id: await comment(projectA, `${word} plain A`), businessId: A, event: null },
        { id: await comment(projectA, `${word} note A`, "shadow"), businessId: A, event: "shadow" as const },
        { id: await comment(projectB, `${word} approved B`, "approved"), businessId: B, event: "approved" as const },
      ],
      invoices: await Promise.all(
        (["draft", "sent", "paid", "void"] as const).flatMap((status) =>
          [A, B].map(async (businessId) => ({
            id: await invoice(businessId, `Q-${status}-${businessId.slice(0, 4)}`, status, word),
            businessId,
            status,
          })),
        ),
      ),
      files: [
        { id: await file(projectA, `${word}-a.png`), businessId: A },
        { id: await file(projectB, `${word}-b.png`), businessId: B },
      ],
      people: [
        { id: (await makeUser(db, { name: `Quokka ${word}`, role: "client", businessId: A })).id, businessId: A },
        { id: (await makeUser(db, { name: `Studio ${word}`, role: "creative" })).id, businessId: null },
      ],
      businesses: [{ id: (await createBusiness(db, { id: randomUUID(), name: `Quokka ${word} Press` })).id }],
    };
    for (const user of Object.values(people)) {
      const answer = await search(user, word, 20);
      const expected = {
        comments: made.comments.filter((c) => canSeeComment(user, c)).map((c) => c.id),
        invoices: made.invoices.filter((i) => canSeeInvoice(user, i)).map((i) => i.id),
        files: made.files.filter((f) => canSeeProject(user, f)).map((f) => f.id),
        people: made.people.filter((p) => canFindPerson(user, p)).map((p) => p.id),
        businesses: made.businesses.filter((b) => canSeeBusiness(user, b.id)).map((b) => b.id),
      };
      for (const [kind, want] of Object.entries(expected)) {
        expect(ids(answer, kind).sort(), `${user.role} ${user.name}: ${kind}`).toEqual([...want].sort());
      }
    }
  });

  it("ranks a match in a title over one in a body or a business's name", async () => {
    const byNotes = await invoice(A, "2026-1000", "sent", "Pelican flyer reprint");
    const byNumber = await invoice(A, "Pelican-2026-1001", "sent", null);
    // Made in this order, the newer first among equals: only the rank can put the number first.
    expect(ids(await search(people.admin, "pelican"), "invoices")).toEqual([byNumber, byNotes]);
    const byBusiness = (
      await makeProject(db, { businessId: (await createBusiness(db, { id: randomUUID(), name: "Heron Prints" })).id, title: "Spring menu" })
    ).id;
    const byTitle = (await makeProject(db, { businessId: A, title: "Heron festival banner", createdAt: new Date("2020-01-01") })).id;
    expect(ids(await search(people.admin, "heron"), "projects")).toEqual([byTitle, byBusiness]);
  });

  it("matches prefixes, folded accents and other scripts", async () => {
    const cafe = (await makeProject(db, { businessId: A, title: "Café Noël menu" })).id;
    const moscow = await file(projectA, "Москва плакат.pdf");
    const tokyo = await comment(projectA, "東京 の ポスター を 確認 しました");
    expect(ids(await search(people.admin, "cafe noel"), "projects")).toEqual([cafe]);
    expect(ids(await search(people.admin, "CAFÉ"), "projects")).toEqual([cafe]);
    expect(ids(await search(people.admin, "caf"), "projects")).toEqual([cafe]);
    expect(ids(await search(people.admin, "москва"), "files")).toEqual([moscow]);
    expect(ids(await search(people.admin, "плак"), "files")).toEqual([moscow]);
    expect(ids(await search(people.clientA, "東京"), "comments")).toEqual([tokyo]);
  });

  it("answers hostile and odd queries without an error, and refuses one that is too long", async () => {
    await comment(projectA, "Hostile </script> text & co: 100% (really) 'quoted' \\ back");
    const queries = [
      "'",
      "&",
      ":*",
      "!",
      "",
      "   ",
      "|",
      "-",
      '"',
      "()",
      "a & | ! b",
      "'zephyr':*",
      "zephyr:*A",
      "</script>",
      "\\",
      "100%",
      "''::tsquery",
      "\u0000",
      "é".repeat(200),
      "x".repeat(200),
      "word ".repeat(40),
      "東京タワー",
      "🙂 emoji",
    ];
    for (const q of queries) {
      for (const user of [people.admin, people.clientA]) {
        const answer = await search(user, q);
        expect(Array.isArray(answer.groups), JSON.stringify(q)).toBe(true);
      }
    }
    expect(ids(await search(people.admin, "script"), "comments")).toHaveLength(1);
    expect(await search(people.admin, "")).toEqual({ q: "", groups: [] });
    expect(await codeOf(search(people.admin, "x".repeat(201)))).toBe("BAD_REQUEST");
    expect(await codeOf(search(people.admin, "x", 21))).toBe("BAD_REQUEST");
    expect(await codeOf(as(null as never).search.query({ q: "x" }))).toBe("UNAUTHORIZED");
  });

  it("answers at most `limit` of each kind", async () => {
    for (let i = 0; i < 7; i++) await comment(projectA, `Walrus comment number ${i}`);
    expect(ids(await search(people.admin, "walrus"), "comments")).toHaveLength(5);
    expect(ids(await search(people.admin, "walrus", 3), "comments")).toHaveLength(3);
    expect(ids(await search(people.admin, "walrus", 20), "comments")).toHaveLength(7);
  });
});
