// next-auth at /api/auth/*, with the limits on magic links in front of the e-mail sign-in.
import { limitMagicLinkRequest } from "@atelier/auth";
import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { AUTH_BODY_LIMIT, withBodyLimit } from "~/server/body-limit";
import { clientAddress } from "~/server/client-address";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: RouteContext): Promise<Response> {
  const server = await getServer();
  const { nextauth } = await ctx.params;
  let request = req;
  if (req.method === "POST" && nextauth.join("/") === "signin/email") {
    const { db, authOptions } = server;
    const limited = await limitMagicLinkRequest(req, { db, authOptions, clientAddress: clientAddress(req.headers), now: new Date() });
    if (limited instanceof Response) return limited;
    request = new NextRequest(limited);
  }
  return NextAuth(request as never, ctx as never, server.authOptions) as Promise<Response>;
}

const limited = withBodyLimit(AUTH_BODY_LIMIT, handler);

export { limited as GET, limited as POST };
