// Authentication: next-auth options, the kysely adapter, the mailer and the session lookup for the API.
export { createKyselyAdapter, type AdapterOptions } from "./adapter";
export { createMailer, listDevMail, type Mail, type Mailer, type MailerConfig } from "./mailer";
export { allowMagicLink, MAGIC_LINK_LIMIT, MAGIC_LINK_WINDOW_MS, magicLinkMail, normalizeEmail } from "./magic-link";
export { createAuthOptions, MAGIC_LINK_MAX_AGE_S, SESSION_MAX_AGE_S, type AuthConfig, type OAuthKeys } from "./options";
export { getSessionUser, readCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE, type SessionUser } from "./session";
export type {} from "./next-auth";
export { commentMail } from "./comment-mail";
