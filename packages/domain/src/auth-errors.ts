// What the login page tells a person for each sign-in error code, and which return paths it will follow.

const AUTH_ERROR_MESSAGES = {
  SessionRequired: "Please sign in to see that page.",
  Verification: "That sign-in link has expired or has already been used. Request a new one.",
  EmailSignin: "The sign-in e-mail could not be sent. Please try again.",
  OAuthSignin: "Could not start signing in with that provider. Please try again.",
  OAuthCallback: "Signing in with that provider failed. Please try again.",
  OAuthCallbackError: "Signing in with that provider failed. Please try again.",
  OAuthAccountNotLinked: "That e-mail address already signs in another way. Use the method you used before.",
  AccountNotLinkedError: "That e-mail address already signs in another way. Use the method you used before.",
  AccessDenied: "Access denied.",
  AccountDeactivated: "This account has been deactivated. Ask the studio's admins if you need access again.",
  Configuration: "Sign-in is not configured correctly on the server.",
} as const;

export function authErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return (AUTH_ERROR_MESSAGES as Record<string, string>)[code] ?? "Sign-in failed. Please try again.";
}

/**
 * A return address is followed only when it stays on this site: a path, or a URL of the same origin
 * (reduced to its path). Anything else, including protocol-relative '//host' and backslash tricks, goes home.
 * The path handed back must itself read as a path on this site: 'http://site//evil.example' has the site's
 * origin, but its path '//evil.example' would be taken by a browser as another host.
 */
export function safeCallbackPath(raw: string | null | undefined, origin: string): string {
  if (!raw) return "/";
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return "/";
    if (/^[/\\]{2}/.test(raw.trim()) || raw.includes("\\")) return "/";
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") ? "/" : path;
  } catch {
    return "/";
  }
}
