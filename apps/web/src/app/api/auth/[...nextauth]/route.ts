// next-auth at /api/auth/*, with the per-address limit on magic links in front of the e-mail sign-in.
import { allowMagicLink } from "@atelier/auth";
import { messages } from "@atelier/domain";
import NextAuth from "next-auth";
import { AUTH_BODY_LIMIT, withBodyLimit } from "~/server/body-limit";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: RouteContext): Promise<Response> {
  const server = await getServer();
  const { nextauth } = await ctx.params;
  if (req.method === "POST" && nextauth.join("/") === "signin/email") {
    const form = await req
      .clone()
      .formData()
      .catch(() => null);
    const email = form?.get("email");
    if (typeof email === "string" && email.trim() && !(await allowMagicLink(server.db, email, new Date()))) {
      return Response.json({ error: { code: "TOO_MANY_REQUESTS", message: messages.magicLinkRateLimited() } }, { status: 429 });
    }
  }
  return NextAuth(req as never, ctx as never, server.authOptions) as Promise<Response>;
}

const limited = withBodyLimit(AUTH_BODY_LIMIT, handler);

export { limited as GET, limited as POST };
