// Table types of the Atelier database, in the camelCase the CamelCasePlugin maps to snake_case columns.
import type { Role } from "@atelier/domain";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export type { Role };

export interface UsersTable {
  id: string;
  name: string | null;
  email: string | null;
  emailVerified: Date | null;
  image: string | null;
  emailNotification: Generated<boolean>;
  role: Generated<Role>;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface AccountsTable {
  id: string;
  userId: string;
  type: string;
  provider: string;
  providerAccountId: string;
  refreshToken: string | null;
  accessToken: string | null;
  expiresAt: number | null;
  tokenType: string | null;
  scope: string | null;
  idToken: string | null;
  sessionState: string | null;
}

export interface SessionsTable {
  id: string;
  sessionToken: string;
  userId: string;
  expires: Date;
}

export interface VerificationTokensTable {
  identifier: string;
  token: string;
  expires: Date;
}

/** One row per magic-link request, so the limit holds across web instances. */
export interface SignInAttemptsTable {
  id: Generated<number>;
  identifier: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** Mail kept for the embedded run's dev mailbox, where no SMTP server is configured. */
export interface DevMailTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  verificationTokens: VerificationTokensTable;
  signInAttempts: SignInAttemptsTable;
  devMail: DevMailTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DevMail = Selectable<DevMailTable>;
