// Authentication: next-auth options, the kysely adapter, the mailer and the session lookup for the API.
export { type AdapterOptions, createKyselyAdapter } from "./adapter";
export { commentMail } from "./comment-mail";
export { createSignInLink, INVITATION_MAX_AGE_S, invitationMail } from "./invitation";
export { invoiceMail, invoiceReminderMail } from "./invoice-mail";
export {
  allowMagicLink,
  MAGIC_LINK_CLIENT_LIMIT,
  MAGIC_LINK_CLIENT_WINDOW_MS,
  MAGIC_LINK_LIMIT,
  MAGIC_LINK_WINDOW_MS,
  magicLinkMail,
  normalizeEmail,
} from "./magic-link";
export { limitMagicLinkRequest, type MagicLinkGate } from "./magic-link-request";
export { createMailer, listDevMail, type Mail, type Mailer, type MailerConfig } from "./mailer";
export type {} from "./next-auth";
export { type AuthConfig, createAuthOptions, DEACTIVATED_ERROR, MAGIC_LINK_MAX_AGE_S, type OAuthKeys, SESSION_MAX_AGE_S } from "./options";
export { createOutbox, OUTBOX_POLL_MS, type Outbox, type OutboxConfig } from "./outbox";
export { getSessionUser, readCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE, type SessionUser } from "./session";
