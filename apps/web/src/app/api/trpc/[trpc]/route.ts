// tRPC at /api/trpc: the session comes from the database-session cookie. Before a byte of the body is read, a
// mutation must come from our origin as JSON and the session is looked up: only a signed-in caller's large calls may
// send up to TRPC_BODY_LIMIT, everything else TRPC_SMALL_BODY_LIMIT. The answers are compressed by the server around
// Next (whole-answers.ts), which sees no Accept-Encoding here. A guest reviewer's session is the guest cookie
// (docs/guest-review.md): read here, checked by the procedures a guest may call, set by guest.verify.
import { createTrpcHandler, guestCookieValue, refuseCrossSite } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import type { NextRequest } from "next/server";
import { trpcBodyLimit, withinBodyLimit } from "~/server/body-limit";
import { callContext } from "~/server/call-context";
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
      ...callContext(server, user, req),
      guestCookie: {
        value: user ? undefined : guestCookieValue(req.headers.get("cookie")),
        set: (header) => resHeaders.append("set-cookie", header),
      },
    }),
    onError: (error, path) => console.error(`tRPC ${path ?? "?"} failed:`, error),
  })(req);
}

export { handler as GET, handler as POST };
