// Queries on users; every function takes the database handle first.
import { emailNotificationOf, type MailPreference, sameNotificationScope } from "@atelier/domain";
import { sql } from "kysely";
import { restartInbox } from "./comments";
import type { Db } from "./create-db";
import { decodeCursor, encodeCursor, epochMicros, fromEpochMicros, likeEscaped, pageOf } from "./keyset";
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

/** The SPEC's toggle: off turns mail off; on turns it back on as it comes (a daily reader stays daily). */
export async function setEmailNotification(db: Db, id: string, enabled: boolean): Promise<User | undefined> {
  return db
    .updateTable("users")
    .set({
      emailNotification: enabled,
      mailPreference: enabled ? sql<MailPreference>`case when mail_preference = 'off' then 'immediate' else mail_preference end` : "off",
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function setMailPreference(db: Db, id: string, preference: MailPreference): Promise<User | undefined> {
  return db
    .updateTable("users")
    .set({ mailPreference: preference, emailNotification: emailNotificationOf(preference) })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Everyone with access, with their business, for the admin's Users page. */
/**
 * One page of everyone with access, oldest first; `words` must each appear in the name or address, in any case,
 * with or without accents. The order pages by (created_at, id) through users_list; the search filters that walk
 * (a studio's few thousand people need no index of their own for it).
 */
export async function listUserPage(db: Db, q: { words?: readonly string[] | undefined; cursor?: string | undefined; limit: number }) {
  let query = db
    .selectFrom("users")
    .leftJoin("businesses", "businesses.id", "users.businessId")
    .select([
      "users.id",
      "users.name",
      "users.email",
      "users.image",
      "users.role",
      "users.businessId",
      "users.createdAt",
      "businesses.name as businessName",
      epochMicros("users.createdAt").as("sortKey"),
    ]);
  for (const word of q.words ?? [])
    query = query.where(
      sql<boolean>`atelier_fold(concat_ws(' ', users.name, users.email)) like '%' || atelier_fold(${likeEscaped(word)}) || '%'`,
    );
  if (q.cursor !== undefined) {
    const after = decodeCursor(q.cursor, USER_ORDER);
    query = query.where(sql<boolean>`(users.created_at, users.id) > (${fromEpochMicros(after.sortKey)}, ${after.id})`);
  }
  const rows = await query
    .orderBy("users.createdAt")
    .orderBy("users.id")
    .limit(q.limit + 1)
    .execute();
  const page = pageOf(rows, q.limit, (row) => encodeCursor(USER_ORDER, row.sortKey, row.id));
  return { ...page, items: page.items.map(({ sortKey: _, ...user }) => user) };
}
const USER_ORDER = "joined";

export async function createUser(
  db: Db,
  user: { id: string; email: string; name: string | null; role: User["role"]; businessId: string | null },
): Promise<User> {
  return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
}

/** Changes what a person may see; when their notifications' scope changes, their inbox starts again (restartInbox). */
export function setUserRoleAndBusiness(db: Db, id: string, changes: { role?: User["role"]; businessId?: string | null }) {
  const change = async (trx: Db) => {
    const before = await trx.selectFrom("users").select(["role", "businessId"]).where("id", "=", id).forUpdate().executeTakeFirst();
    const updated = await trx.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    if (before && updated && !sameNotificationScope(before, updated)) await restartInbox(trx, id);
    return updated;
  };
  return db.isTransaction ? change(db) : db.transaction().execute(change);
}

/** The admins who get mail (whatever their rhythm for comments: notices about people go at once). */
export function adminMailRecipients(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where("role", "=", "admin")
    .where("mailPreference", "!=", "off")
    .where("email", "is not", null)
    .execute();
}
