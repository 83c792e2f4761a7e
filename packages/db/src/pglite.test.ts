import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db, DEMO_USERS, findUserById, migrateToLatest, seedDemo } from "./index";

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
});
