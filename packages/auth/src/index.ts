// Sign-in: next-auth options, the kysely adapter, magic-link limits, invitation links and the session lookup for the API.
export { type AdapterOptions, createKyselyAdapter } from "./adapter";
export { createSignInLink, INVITATION_MAX_AGE_S } from "./invitation";
export {
  allowMagicLink,
  MAGIC_LINK_CLIENT_LIMIT,
  MAGIC_LINK_CLIENT_WINDOW_MS,
  MAGIC_LINK_LIMIT,
  MAGIC_LINK_WINDOW_MS,
  normalizeEmail,
} from "./magic-link";
export { limitMagicLinkRequest, type MagicLinkGate } from "./magic-link-request";
export type {} from "./next-auth";
export { type AuthConfig, createAuthOptions, DEACTIVATED_ERROR, MAGIC_LINK_MAX_AGE_S, type OAuthKeys, SESSION_MAX_AGE_S } from "./options";
export { getSessionUser, readCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE, type SessionUser } from "./session";
