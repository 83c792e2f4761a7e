// Queries on users; every function takes the database handle first.
import {
  emailNotificationOf,
  type HourCycle,
  lastAdminRefusal,
  type MailPreference,
  type Role,
  sameNotificationScope,
} from "@atelier/domain";
import { sql } from "kysely";
import { restartInbox } from "./comments";
import type { Db } from "./create-db";
import { decodeCursor, encodeCursor, epochMicros, fromEpochMicros, likeEscaped, pageOf } from "./keyset";
import { reviseGatheredMail } from "./outbox";
import type { User } from "./schema";

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** Changes a user's profile; a new address takes the mail still gathering for them with it (reviseGatheredMail). */
export function updateUserProfile(
  db: Db,
  id: string,
  changes: { name?: string; image?: string | null; email?: string; timeZone?: string; hourCycle?: HourCycle },
): Promise<User | undefined> {
  const change = async (trx: Db) => {
    const user = await trx.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    if (user && changes.email !== undefined) await reviseGatheredMail(trx, id);
    return user;
  };
  return db.isTransaction ? change(db) : db.transaction().execute(change);
}

/** The toggle (docs/notifications.md): off turns mail off; on turns it back on as it comes (a daily reader stays daily). */
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
// A person as the people pages show them, with their business's name (users joined to businesses).
const PERSON_COLUMNS = [
  "users.id",
  "users.name",
  "users.email",
  "users.image",
  "users.role",
  "users.businessId",
  "users.createdAt",
  "users.deactivatedAt",
  "businesses.name as businessName",
] as const;

/**
 * One page of everyone with access, oldest first; `words` must each appear in the name or address, in any case,
 * with or without accents. The order pages by (created_at, id) through users_list; the search filters that walk
 * (a studio's few thousand people need no index of their own for it).
 */
export async function listUserPage(db: Db, q: { words?: readonly string[] | undefined; cursor?: string | undefined; limit: number }) {
  let query = db
    .selectFrom("users")
    .leftJoin("businesses", "businesses.id", "users.businessId")
    .select([...PERSON_COLUMNS, epochMicros("users.createdAt").as("sortKey")])
    .where("users.kind", "=", "person");
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

/**
 * Changes what a person may see; when their notifications' scope changes, their inbox starts again (restartInbox), and
 * their pending mail keeps only what they may still see (reviseGatheredMail).
 */
export function setUserRoleAndBusiness(db: Db, id: string, changes: { role?: User["role"]; businessId?: string | null }) {
  const change = async (trx: Db) => {
    const before = await trx.selectFrom("users").select(["role", "businessId"]).where("id", "=", id).forUpdate().executeTakeFirst();
    const updated = await trx.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    if (before && updated && !sameNotificationScope(before, updated)) await restartInbox(trx, id);
    if (updated) await reviseGatheredMail(trx, id);
    return updated;
  };
  return db.isTransaction ? change(db) : db.transaction().execute(change);
}

export interface AccessChange {
  role?: Role;
  businessId?: string | null;
  active?: boolean;
}

/**
 * Changes a user's role, business or activity under the last-admin rule. The active admins are locked first, so
 * two admins demoting or deactivating each other at once cannot both pass the rule. Deactivating deletes the
 * user's sessions in the same transaction: they are signed out at once. Undefined when there is no such user.
 */
export function changeUserAccess(
  db: Db,
  id: string,
  change: AccessChange,
  now: Date,
): Promise<{ user: User; refusal: null } | { user: null; refusal: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const admins = await trx
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("deactivatedAt", "is", null)
      // An app with the admin role cannot run the studio: the last-admin rule counts people.
      .where("kind", "=", "person")
      .orderBy("id")
      .forUpdate()
      .execute();
    const before = await trx.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) return undefined;
    const wasActive = before.deactivatedAt === null;
    const active = change.active ?? wasActive;
    const refusal = lastAdminRefusal(admins.length, { role: before.role, active: wasActive }, { role: change.role ?? before.role, active });
    if (refusal) return { user: null, refusal };
    const user = await trx
      .updateTable("users")
      .set({
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.businessId !== undefined ? { businessId: change.businessId } : {}),
        ...(active !== wasActive ? { deactivatedAt: active ? null : now } : {}),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!active) await trx.deleteFrom("sessions").where("userId", "=", id).execute();
    if (!sameNotificationScope(before, user)) await restartInbox(trx, id);
    // What waits to be mailed to them follows the change too: nothing for a deactivated person, no note for a client.
    await reviseGatheredMail(trx, id);
    return { user, refusal: null };
  });
}

/** Whether the user with this id or this address (either may be unknown) is deactivated. */
export async function isDeactivated(db: Db, by: { id?: string | undefined; email?: string | null | undefined }): Promise<boolean> {
  const { id, email } = by;
  if (!id && !email) return false;
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("deactivatedAt", "is not", null)
    .where((eb) => eb.or([...(id ? [eb("id", "=", id)] : []), ...(email ? [eb("email", "=", email.toLowerCase())] : [])]))
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's page: who they are, their business, and what they did lately. */
export async function userOverview(db: Db, id: string, limit = 10) {
  const user = await db
    .selectFrom("users")
    .leftJoin("businesses", "businesses.id", "users.businessId")
    .select([...PERSON_COLUMNS, "users.mailPreference"])
    .where("users.id", "=", id)
    .executeTakeFirst();
  if (!user) return undefined;
  const projects = await db
    .selectFrom("projects")
    .select(["id", "name", "title", "archived", "createdAt", "assigneeId", "createdBy"])
    .where((eb) => eb.or([eb("createdBy", "=", id), eb("assigneeId", "=", id)]))
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  const comments = await db
    .selectFrom("comments")
    .innerJoin("projects", "projects.id", "comments.projectId")
    .select([
      "comments.id",
      "comments.body",
      "comments.event",
      "comments.createdAt",
      "projects.id as projectId",
      "projects.title as projectTitle",
    ])
    .where("comments.userId", "=", id)
    .orderBy("comments.createdAt", "desc")
    .orderBy("comments.id")
    .limit(limit)
    .execute();
  return { user, projects, comments };
}

/** Who a person without a business can write to: the studio's active admins. */
export function studioContacts(db: Db) {
  return db
    .selectFrom("users")
    .select(["name", "email"])
    .where("role", "=", "admin")
    .where("deactivatedAt", "is", null)
    .where("email", "is not", null)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** The admins who get mail (whatever their rhythm for comments: notices about people go at once). */
export function adminMailRecipients(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where("role", "=", "admin")
    .where("deactivatedAt", "is", null)
    .where("mailPreference", "!=", "off")
    .where("email", "is not", null)
    .execute();
}
