// API tokens' queries (docs/api.md): made, listed and revoked by their owners (or any by an admin), and used: one update
// finds a live token by its hash, records its use and counts the call in its rate-limit window.
import type { ApiScope, Role, SessionUser } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";

export interface NewApiToken {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  hint: string;
  scopes: readonly ApiScope[];
  expiresAt: Date | null;
  createdAt: Date;
}

export async function createApiToken(db: Db, token: NewApiToken): Promise<void> {
  await db
    .insertInto("apiTokens")
    .values({ ...token, scopes: [...token.scopes] })
    .execute();
}

/** The tokens of one person, or of everyone (`userId` null), oldest first; never a hash. */
export async function listApiTokens(db: Db, userId: string | null) {
  let query = db
    .selectFrom("apiTokens")
    .innerJoin("users", "users.id", "apiTokens.userId")
    .select([
      "apiTokens.id",
      "apiTokens.name",
      "apiTokens.hint",
      "apiTokens.scopes",
      "apiTokens.expiresAt",
      "apiTokens.revokedAt",
      "apiTokens.lastUsedAt",
      "apiTokens.createdAt",
      "users.id as ownerId",
      "users.name as ownerName",
      "users.kind as ownerKind",
      "users.deactivatedAt as ownerDeactivatedAt",
    ])
    .orderBy("apiTokens.createdAt")
    .orderBy("apiTokens.id");
  if (userId !== null) query = query.where("apiTokens.userId", "=", userId);
  return query.execute();
}

/** Revokes a live token of `userId` (any person's when null); false when there is no such token still live. */
export async function revokeApiToken(db: Db, id: string, userId: string | null, now: Date): Promise<boolean> {
  let query = db.updateTable("apiTokens").set({ revokedAt: now }).where("id", "=", id).where("revokedAt", "is", null);
  if (userId !== null) query = query.where("userId", "=", userId);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An app's account (docs/api.md): it owns the tokens an admin makes for the app, and acts with its role. */
export interface NewAppAccount {
  id: string;
  name: string;
  role: Role;
  /** The business a client app acts for; null for the studio's own apps. */
  businessId: string | null;
  createdAt: Date;
}

export async function createAppAccount(db: Db, app: NewAppAccount): Promise<void> {
  await db
    .insertInto("users")
    .values({ ...app, kind: "app", email: null, mailPreference: "off", emailNotification: false })
    .execute();
}

/** Every app's account, oldest first, with its business's name and how many of its tokens are live at `now`. */
export function listAppAccounts(db: Db, now: Date) {
  return db
    .selectFrom("users")
    .leftJoin("businesses", "businesses.id", "users.businessId")
    .select((eb) => [
      "users.id",
      "users.name",
      "users.role",
      "users.businessId",
      "businesses.name as businessName",
      "users.createdAt",
      "users.deactivatedAt",
      eb
        .selectFrom("apiTokens")
        .whereRef("apiTokens.userId", "=", "users.id")
        .where("apiTokens.revokedAt", "is", null)
        .where((w) => w.or([w("apiTokens.expiresAt", "is", null), w("apiTokens.expiresAt", ">", now)]))
        .select((c) => c.fn.countAll<number>().as("n"))
        .as("liveTokens"),
    ])
    .where("users.kind", "=", "app")
    .orderBy("users.createdAt")
    .orderBy("users.id")
    .execute();
}

/** An app's account that still acts (not retired); undefined for a person, an unknown id or a retired app. */
export function findActiveApp(db: Db, id: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "role", "businessId"])
    .where("id", "=", id)
    .where("kind", "=", "app")
    .where("deactivatedAt", "is", null)
    .executeTakeFirst();
}

/** Retires an app: its tokens are refused from their next call (as a deactivated person's), its history stays. */
export async function retireApp(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ deactivatedAt: now })
    .where("id", "=", id)
    .where("kind", "=", "app")
    .where("deactivatedAt", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type ApiTokenUse =
  | { status: "ok"; tokenId: string; scopes: string[]; user: SessionUser }
  | { status: "limited"; retryAfterMs: number };

/**
 * Uses the token with this hash at `now`: null unless it is live (not revoked, not expired, its owner active). A use
 * beyond `limit.calls` in the current window of `limit.windowMs` is counted and answered `limited`.
 */
export async function useApiToken(
  db: Db,
  tokenHash: string,
  now: Date,
  limit: { calls: number; windowMs: number },
): Promise<ApiTokenUse | null> {
  const windowOpen = sql<boolean>`${sql.ref("apiTokens.windowStart")} > ${new Date(now.getTime() - limit.windowMs)}`;
  const row = await db
    .updateTable("apiTokens")
    .from("users")
    .set({
      lastUsedAt: now,
      windowStart: sql`case when ${windowOpen} then ${sql.ref("apiTokens.windowStart")} else ${now} end`,
      windowCalls: sql`case when ${windowOpen} then ${sql.ref("apiTokens.windowCalls")} + 1 else 1 end`,
    })
    .whereRef("users.id", "=", "apiTokens.userId")
    .where("apiTokens.tokenHash", "=", tokenHash)
    .where("apiTokens.revokedAt", "is", null)
    .where((eb) => eb.or([eb("apiTokens.expiresAt", "is", null), eb("apiTokens.expiresAt", ">", now)]))
    .where("users.deactivatedAt", "is", null)
    .returning([
      "apiTokens.id as tokenId",
      "apiTokens.scopes",
      "apiTokens.windowStart",
      "apiTokens.windowCalls",
      "users.id",
      "users.name",
      "users.email",
      "users.image",
      "users.emailNotification",
      "users.role",
      "users.businessId",
      "users.timeZone",
      "users.hourCycle",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const { tokenId, scopes, windowStart, windowCalls, ...user } = row;
  if (windowCalls > limit.calls) {
    return { status: "limited", retryAfterMs: Math.max(0, (windowStart?.getTime() ?? now.getTime()) + limit.windowMs - now.getTime()) };
  }
  return { status: "ok", tokenId, scopes, user: { ...user, email: user.email ?? "" } };
}
