// Queries on users; every function takes the database handle first.
import type { Db } from "./create-db";
import type { User } from "./schema";

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function updateUserProfile(
  db: Db,
  id: string,
  changes: { name?: string; image?: string | null; email?: string },
): Promise<User | undefined> {
  return db.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function setEmailNotification(db: Db, id: string, enabled: boolean): Promise<User | undefined> {
  return db
    .updateTable("users")
    .set({ emailNotification: enabled })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}
