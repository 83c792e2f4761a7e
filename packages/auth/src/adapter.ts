// The next-auth adapter over our kysely database: users, social accounts, database sessions, magic-link tokens.
import { randomUUID } from "node:crypto";
import { type Db, reviseGatheredMail, type User } from "@atelier/db";
import type { Adapter, AdapterAccount, AdapterUser } from "next-auth/adapters";

function toAdapterUser(user: User): AdapterUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email ?? "",
    emailVerified: user.emailVerified,
    image: user.image,
    // Carried through to the session callback, which exposes them to the app.
    role: user.role,
    emailNotification: user.emailNotification,
    businessId: user.businessId,
    timeZone: user.timeZone,
    hourCycle: user.hourCycle,
  } as AdapterUser;
}

export interface AdapterOptions {
  /** Addresses that become admins when they first sign in (bootstraps a fresh installation). */
  adminEmails?: readonly string[];
  /** Called in the transaction that creates a user who signed up alone (a client without a business). */
  onSignUp?: (db: Db, user: User) => Promise<void>;
}

export function createKyselyAdapter(db: Db, options: AdapterOptions = {}): Adapter {
  const admins = new Set((options.adminEmails ?? []).map((e) => e.trim().toLowerCase()));
  return {
    async createUser(user: Omit<AdapterUser, "id">) {
      const email = user.email.toLowerCase();
      const row = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto("users")
          .values({
            id: randomUUID(),
            email,
            emailVerified: user.emailVerified,
            // The name stays null until onboarding asks for it, even when a social provider offers one.
            name: null,
            image: user.image ?? null,
            role: admins.has(email) ? "admin" : "client",
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (created.role === "client") await options.onSignUp?.(trx, created);
        return created;
      });
      return toAdapterUser(row);
    },
    async getUser(id) {
      const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toAdapterUser(row) : null;
    },
    async getUserByEmail(email) {
      const row = await db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
      return row ? toAdapterUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const row = await db
        .selectFrom("accounts")
        .innerJoin("users", "users.id", "accounts.userId")
        .selectAll("users")
        .where("accounts.provider", "=", provider)
        .where("accounts.providerAccountId", "=", providerAccountId)
        .executeTakeFirst();
      return row ? toAdapterUser(row) : null;
    },
    async updateUser({ id, ...changes }) {
      const row = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("users")
          .set({
            ...(changes.email !== undefined ? { email: changes.email.toLowerCase() } : {}),
            ...(changes.emailVerified !== undefined ? { emailVerified: changes.emailVerified } : {}),
            ...(changes.image !== undefined ? { image: changes.image } : {}),
          })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // A new address takes the mail still gathering for the person with it.
        if (changes.email !== undefined) await reviseGatheredMail(trx, id);
        return updated;
      });
      return toAdapterUser(row);
    },
    async deleteUser(userId) {
      await db.deleteFrom("users").where("id", "=", userId).execute();
    },
    async linkAccount(account: AdapterAccount) {
      await db
        .insertInto("accounts")
        .values({
          id: randomUUID(),
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          refreshToken: account.refresh_token ?? null,
          accessToken: account.access_token ?? null,
          expiresAt: account.expires_at ?? null,
          tokenType: account.token_type ?? null,
          scope: account.scope ?? null,
          idToken: account.id_token ?? null,
          sessionState: typeof account.session_state === "string" ? account.session_state : null,
        })
        .execute();
    },
    async unlinkAccount({ provider, providerAccountId }: Pick<AdapterAccount, "provider" | "providerAccountId">) {
      await db.deleteFrom("accounts").where("provider", "=", provider).where("providerAccountId", "=", providerAccountId).execute();
    },
    async createSession(session) {
      await db
        .insertInto("sessions")
        .values({ id: randomUUID(), ...session })
        .execute();
      return session;
    },
    async getSessionAndUser(sessionToken) {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .selectAll("users")
        .select(["sessions.sessionToken", "sessions.expires", "sessions.userId"])
        .where("sessions.sessionToken", "=", sessionToken)
        .executeTakeFirst();
      // A deactivated user's session is no session, even if a row outlived the deactivation.
      if (!row || row.deactivatedAt) return null;
      const { sessionToken: token, expires, userId, ...user } = row;
      return { session: { sessionToken: token, expires, userId }, user: toAdapterUser({ ...user, id: userId }) };
    },
    async updateSession({ sessionToken, expires }) {
      if (!expires) return null;
      const row = await db
        .updateTable("sessions")
        .set({ expires })
        .where("sessionToken", "=", sessionToken)
        .returning(["sessionToken", "userId", "expires"])
        .executeTakeFirst();
      return row ?? null;
    },
    async deleteSession(sessionToken) {
      await db.deleteFrom("sessions").where("sessionToken", "=", sessionToken).execute();
    },
    async createVerificationToken(token) {
      await db.insertInto("verificationTokens").values(token).execute();
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const row = await db
        .deleteFrom("verificationTokens")
        .where("identifier", "=", identifier)
        .where("token", "=", token)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
