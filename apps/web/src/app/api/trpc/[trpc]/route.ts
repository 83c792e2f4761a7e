// tRPC at /api/trpc: the session comes from the database-session cookie; bodies are capped at TRPC_BODY_LIMIT. The
// answers are compressed by the server around Next (whole-answers.ts), which sees no Accept-Encoding here.
import { createTrpcHandler } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { TRPC_BODY_LIMIT, withBodyLimit } from "~/server/body-limit";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

async function handler(req: Request): Promise<Response> {
  const server = await getServer();
  return createTrpcHandler({
    endpoint: "/api/trpc",
    allowedOrigins: [server.config.origin],
    createContext: async (r) => ({
      db: server.db,
      user: await getSessionUser(server.db, r.headers.get("cookie"), new Date()),
      now: () => new Date(),
      files: server.files,
      live: server.live,
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

const limited = withBodyLimit(TRPC_BODY_LIMIT, handler);

export { limited as GET, limited as POST };
