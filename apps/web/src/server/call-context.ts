// The context of a call to the app router as `user`, the same for the web app's own calls (/api/trpc) and for other
// apps' calls with a token (/api/v1): mail, live events and webhooks go where they go for either.

import type { Context } from "@atelier/api";
import type { SessionUser } from "@atelier/domain";
import { REQUEST_ID_HEADER } from "@atelier/observability";
import { clientAddress } from "./client-address";
import type { getServer } from "./server";

type Server = Awaited<ReturnType<typeof getServer>>;

export function callContext(server: Server, user: SessionUser | null, req: Request): Context {
  return {
    db: server.db,
    user,
    now: () => new Date(),
    // Kept with an approval, for its certificate (docs/approval-certificate.md).
    client: clientOf(req),
    // Set by the web server in front (serve.ts) on every request.
    ...(req.headers.get(REQUEST_ID_HEADER) ? { requestId: req.headers.get(REQUEST_ID_HEADER) as string } : {}),
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
  };
}

/** The caller's address as the web server recorded it, and their browser's User-Agent (cut at 1000 characters). */
function clientOf(req: Request) {
  const address = clientAddress(req.headers);
  return {
    ipAddress: address === "unknown" ? null : address.slice(0, 100),
    userAgent: req.headers.get("user-agent")?.slice(0, 1000) || null,
  };
}
