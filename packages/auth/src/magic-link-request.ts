// The limits on magic links, applied to `POST /api/auth/signin/email` before next-auth sees it.
import { createHash } from "node:crypto";
import type { Db } from "@atelier/db";
import { messages } from "@atelier/domain";
import type { AuthOptions } from "next-auth";
import { allowMagicLink, normalizeEmail } from "./magic-link";
import { readCookie } from "./session";

/** What the web server's client-address header reads as when a request did not come through it. */
const UNKNOWN_CLIENT = "unknown";
/** next-auth's CSRF cookie: `__Host-` prefixed on https, plain otherwise. */
const CSRF_COOKIES = ["__Host-next-auth.csrf-token", "next-auth.csrf-token"];

export interface MagicLinkGate {
  db: Db;
  authOptions: AuthOptions;
  /** The client's socket address as the web server reports it, "unknown" when it did not. */
  clientAddress: string;
  now: Date;
}

/**
 * Reads the body once, as next-auth does (JSON or form), and counts the request against the address and
 * the client when next-auth would send a link for it: a valid address and a CSRF token that passes
 * next-auth's check. Answers the request to hand next-auth (rebuilt from what was read), or 429.
 */
export async function limitMagicLinkRequest(req: Request, gate: MagicLinkGate): Promise<Request | Response> {
  const bytes = await req.arrayBuffer();
  const rebuilt = new Request(req.url, { method: req.method, headers: req.headers, body: bytes });
  const body = parseBody(req.headers.get("content-type"), new TextDecoder().decode(bytes));
  const identifier = typeof body?.email === "string" ? normalizedOrNull(body.email) : null;
  if (!identifier || !csrfTokenVerified(req.headers.get("cookie"), body?.csrfToken, gate.authOptions.secret)) return rebuilt;
  const clientAddress = gate.clientAddress === UNKNOWN_CLIENT ? null : gate.clientAddress;
  if (await allowMagicLink(gate.db, { identifier, clientAddress }, gate.now)) return rebuilt;
  return Response.json({ error: { code: "TOO_MANY_REQUESTS", message: messages.magicLinkRateLimited() } }, { status: 429 });
}

/** next-auth's app-router body parser (next-auth/next/utils getBody), which its package does not export. */
function parseBody(contentType: string | null, text: string): Record<string, unknown> | undefined {
  if (contentType?.includes("application/json")) {
    try {
      const json: unknown = JSON.parse(text);
      return json !== null && typeof json === "object" ? (json as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  return undefined;
}

function normalizedOrNull(email: string): string | null {
  try {
    return normalizeEmail(email);
  } catch {
    return null;
  }
}

/** next-auth's check (core/lib/csrf-token): the cookie is `token|sha256(token + secret)` and the body repeats the token. */
function csrfTokenVerified(cookieHeader: string | null, bodyToken: unknown, secret: string | undefined): boolean {
  if (typeof bodyToken !== "string" || !secret) return false;
  return CSRF_COOKIES.some((name) => {
    const [token, hash] = (readCookie(cookieHeader, name) ?? "").split("|");
    return token === bodyToken && hash === createHash("sha256").update(`${token}${secret}`).digest("hex");
  });
}
