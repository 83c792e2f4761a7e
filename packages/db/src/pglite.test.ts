import { searchScope } from "@atelier/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db, DEMO_BUSINESS, DEMO_USERS, findUserById, migrateToLatest, searchEverything, seedDemo } from "./index";

// The embedded default runs the very same migrations and queries as PostgreSQL.
describe("embedded PGlite", () => {
  let db: Db;
  // Starting PGlite and migrating it takes seconds, and more on a busy machine.
  beforeAll(async () => {
    db = await createDb();
    await migrateToLatest(db);
  }, 60_000);
  afterAll(async () => db?.destroy());

  it("migrates, seeds and reads users", async () => {
    await seedDemo(db);
    const user = await findUserById(db, DEMO_USERS[2].id);
    expect(user).toMatchObject({ email: "client@atelier.local", role: "client" });
    expect(user?.createdAt).toBeInstanceOf(Date);
  });

  it("keeps a transaction whole and serialises concurrent queries", async () => {
    await seedDemo(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ name: "Changed" }).where("id", "=", "demo-admin").execute();
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    const [a, b] = await Promise.all([findUserById(db, "demo-admin"), findUserById(db, "demo-creative")]);
    expect(a?.name).toBe("Ada Admin");
    expect(b?.name).toBe("Dora Designer");
  });

  it("searches with the same index and query: prefixes, accents, other scripts, hostile text, internal notes kept from a client", async () => {
    await seedDemo(db);
    const projectId = "pglite-search-project";
    await db
      .insertInto("projects")
      .values({ id: projectId, businessId: DEMO_BUSINESS.id, name: "2026-11-27-Café-Noël", title: "Café Noël", event: "flyer" })
      .execute();
    await db
      .insertInto("comments")
      .values([
        { id: "pglite-c1", projectId, userId: null, event: null, body: "Der Entwurf für Москва looks </script> fine", parentId: null },
        { id: "pglite-c2", projectId, userId: null, event: "shadow", body: "Internal: Москва needs a new font", parentId: null },
      ])
      .execute();
    await db
      .insertInto("projectFiles")
      .values({
        id: "pglite-f1",
        projectId,
        kind: "materials",
        uploadId: "u",
        name: "Noël_menu-final.pdf",
        key: "k",
        thumbnail: "",
        blur: "",
        size: 1,
        type: null,
        sha256: null,
        uploadedBy: null,
      })
      .execute();
    const staff = searchScope({ id: "demo-admin", role: "admin", businessId: null });
    const client = searchScope({ id: "demo-client", role: "client", businessId: DEMO_BUSINESS.id });
    const found = async (scope: typeof staff, q: string) =>
      (await searchEverything(db, scope, q, 5)).map((r) => `${r.kind}:${r.id}`).sort();
    expect(await found(staff, "москва")).toEqual(["comments:pglite-c1", "comments:pglite-c2"]);
    expect(await found(client, "моск")).toEqual(["comments:pglite-c1"]);
    expect(await found(client, "cafe noel")).toEqual([`projects:${projectId}`]);
    expect(await found(client, "final")).toEqual(["files:pglite-f1"]);
    expect(await found(client, "</script>")).toEqual(["comments:pglite-c1"]);
    for (const q of ["'", "&", ":*", "!", "a & | b", "x".repeat(200)]) expect(await found(client, q)).toEqual([]);
  });
});
