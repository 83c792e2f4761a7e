// Demo users for the embedded run, one per role; written only into an empty database.
import type { Db } from "./create-db";
import type { NewUser } from "./schema";

export const DEMO_BUSINESS = { id: "demo-business", name: "Acme Coffee" } as const;

export const DEMO_USERS = [
  { id: "demo-admin", name: "Ada Admin", email: "admin@atelier.local", role: "admin" },
  { id: "demo-creative", name: "Dora Designer", email: "designer@atelier.local", role: "creative" },
  { id: "demo-client", name: "Cleo Client", email: "client@atelier.local", role: "client", businessId: DEMO_BUSINESS.id },
] as const satisfies readonly NewUser[];

export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  await db.insertInto("businesses").values(DEMO_BUSINESS).execute();
  await db
    .insertInto("users")
    .values(DEMO_USERS.map((u) => ({ ...u, emailVerified: new Date() })))
    .execute();
  return true;
}
