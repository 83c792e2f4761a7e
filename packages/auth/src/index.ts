// Sign-in: next-auth options, the kysely adapter, magic-link limits, invitation links and the session lookup for the API.

export { createKyselyAdapter } from "./adapter";
export { createSignInLink, INVITATION_MAX_AGE_S } from "./invitation";
export {
  allowMagicLink,
  MAGIC_LINK_CLIENT_LIMIT,
  MAGIC_LINK_CLIENT_WINDOW_MS,
  MAGIC_LINK_LIMIT,
  MAGIC_LINK_WINDOW_MS,
} from "./magic-link";
export { limitMagicLinkRequest } from "./magic-link-request";
export type {} from "./next-auth";
export { createAuthOptions, DEACTIVATED_ERROR } from "./options";
export { getSessionUser, SESSION_COOKIE } from "./session";
