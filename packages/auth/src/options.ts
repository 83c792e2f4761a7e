// next-auth options: magic link by e-mail always, social providers only when their keys are configured.
import { adminMailRecipients, type Db, isDeactivated, type User } from "@atelier/db";
import { safeCallbackPath } from "@atelier/domain";
import { type Mailer, magicLinkMail, type Outbox, signUpMail } from "@atelier/mail";
import type { AuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import FacebookProvider from "next-auth/providers/facebook";
import GoogleProvider from "next-auth/providers/google";
import LinkedInProvider from "next-auth/providers/linkedin";
import { createKyselyAdapter } from "./adapter";
import { normalizeEmail } from "./magic-link";
import type { SessionUser } from "./session";

interface OAuthKeys {
  clientId: string;
  clientSecret: string;
}

export interface AuthConfig {
  db: Db;
  secret: string;
  mailer: Mailer;
  from: string;
  social?: { google?: OAuthKeys | undefined; facebook?: OAuthKeys | undefined; linkedin?: OAuthKeys | undefined };
  adminEmails?: readonly string[];
  /** Where the notice to admins about someone who signed up alone is written, and the site it links to. */
  signUpNotice?: { outbox: Pick<Outbox, "enqueue">; appUrl: string };
}

/** The login page's error code for a deactivated account (see AUTH_ERROR_MESSAGES). */
export const DEACTIVATED_ERROR = "AccountDeactivated";

const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
const MAGIC_LINK_MAX_AGE_S = 24 * 60 * 60;

/** Tells the admins, through the outbox, of someone who signed up alone and waits to be linked to a business. */
function noticeToAdmins({ outbox, appUrl }: NonNullable<AuthConfig["signUpNotice"]>) {
  return async (db: Db, user: User) => {
    const admins = await adminMailRecipients(db);
    const usersUrl = `${appUrl.replace(/\/+$/, "")}/users`;
    await outbox.enqueue(
      db,
      admins.map((a) => ({ kind: "sign-up", ...signUpMail({ to: a.email ?? "", email: user.email ?? "", usersUrl }) })),
    );
  };
}

export function createAuthOptions(config: AuthConfig): AuthOptions {
  const { google, facebook, linkedin } = config.social ?? {};
  return {
    secret: config.secret,
    adapter: createKyselyAdapter(config.db, {
      adminEmails: config.adminEmails ?? [],
      ...(config.signUpNotice ? { onSignUp: noticeToAdmins(config.signUpNotice) } : {}),
    }),
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/login", verifyRequest: "/login?check=1", error: "/login" },
    providers: [
      EmailProvider({
        from: config.from,
        maxAge: MAGIC_LINK_MAX_AGE_S,
        server: {},
        normalizeIdentifier: normalizeEmail,
        async sendVerificationRequest({ identifier, url }) {
          await config.mailer.send(magicLinkMail(identifier, url, new URL(url).host));
        },
      }),
      ...(google ? [GoogleProvider(google)] : []),
      ...(facebook ? [FacebookProvider(facebook)] : []),
      ...(linkedin ? [LinkedInProvider(linkedin)] : []),
    ],
    callbacks: {
      // A deactivated user gets no sign-in link and no session, whichever way they sign in; the login page says why.
      async signIn({ user }) {
        const deactivated = await isDeactivated(config.db, { id: user.id, email: user.email });
        return deactivated ? `/login?error=${DEACTIVATED_ERROR}` : true;
      },
      // After sign-in and sign-out, only a path on this site: the same rule as the login page.
      redirect({ url, baseUrl }) {
        const origin = new URL(baseUrl).origin;
        return `${origin}${safeCallbackPath(url, origin)}`;
      },
      session({ session, user }) {
        const u = user as typeof user & Partial<SessionUser>;
        const sessionUser: SessionUser = {
          id: u.id,
          name: u.name ?? null,
          email: u.email ?? "",
          image: u.image ?? null,
          emailNotification: u.emailNotification ?? true,
          role: u.role ?? "client",
          businessId: u.businessId ?? null,
          timeZone: u.timeZone ?? null,
          hourCycle: u.hourCycle ?? null,
        };
        return { ...session, user: sessionUser };
      },
    },
  };
}
