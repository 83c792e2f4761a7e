// tRPC at /api/trpc: the session comes from the database-session cookie. Before a byte of the body is read, a
// mutation must come from our origin as JSON and the session is looked up: only a signed-in caller's large calls may
// send up to TRPC_BODY_LIMIT, everything else TRPC_SMALL_BODY_LIMIT. The answers are compressed by the server around
// Next (whole-answers.ts), which sees no Accept-Encoding here. A guest reviewer's session is the guest cookie
// (docs/guest-review.md): read here, checked by the procedures a guest may call, set by guest.verify.
import { createTrpcHandler, guestCookieValue, refuseCrossSite } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import type { NextRequest } from "next/server";
import { trpcBodyLimit, withinBodyLimit } from "~/server/body-limit";
import { clientAddress } from "~/server/client-address";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

async function handler(req: NextRequest): Promise<Response> {
  const server = await getServer();
  const refused = refuseCrossSite(req, [server.config.origin]);
  if (refused) return refused;
  const user = await getSessionUser(server.db, req.headers.get("cookie"), new Date());
  const limit = trpcBodyLimit(req.nextUrl.pathname, user !== null);
  return withinBodyLimit(req, limit, (r) => answer(r, server, user));
}

type Server = Awaited<ReturnType<typeof getServer>>;

function answer(req: Request, server: Server, user: Awaited<ReturnType<typeof getSessionUser>>): Promise<Response> {
  return createTrpcHandler({
    endpoint: "/api/trpc",
    allowedOrigins: [server.config.origin],
    createContext: async (_req, resHeaders) => ({
      db: server.db,
      user,
      guestCookie: {
        value: user ? undefined : guestCookieValue(req.headers.get("cookie")),
        set: (header) => resHeaders.append("set-cookie", header),
      },
      now: () => new Date(),
      // Kept with an approval, for its certificate (docs/approval-certificate.md).
      client: clientOf(req),
      signing: server.signing,
      files: server.files,
      live: server.live,
      webhooks: { allowPrivate: server.config.WEBHOOK_ALLOW_PRIVATE, kick: server.webhooks.kick },
      mail: {
        outbox: server.outbox,
        appUrl: server.config.APP_URL,
        digestWindowMs: server.config.MAIL_DIGEST_WINDOW_S * 1000,
        signInLink: server.signInLink,
        onError: (error) => console.error("notification mail failed:", error),
      },
    }),
    onError: (error, path) => console.error(`tRPC ${path ?? "?"} failed:`, error),
  })(req);
}

/** The caller's address as the web server recorded it, and their browser's User-Agent (cut at 1000 characters). */
function clientOf(req: Request) {
  const address = clientAddress(req.headers);
  return {
    ipAddress: address === "unknown" ? null : address.slice(0, 100),
    userAgent: req.headers.get("user-agent")?.slice(0, 1000) || null,
  };
}

export { handler as GET, handler as POST };
