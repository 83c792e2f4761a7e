// The REST API for other apps (docs/api.md): a bearer token names its owner, and each route calls one procedure of the
// app router as that person, within the token's scopes. /api/v1/openapi.json describes every route.
import { createRestHandler } from "@atelier/api";
import { callContext } from "~/server/call-context";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

async function handler(req: Request): Promise<Response> {
  const server = await getServer();
  return createRestHandler({
    db: server.db,
    basePath: "/api/v1",
    createContext: (user) => callContext(server, user, req),
    onError: (error, route) => console.error(`REST ${route} failed:`, error),
  })(req);
}

export { handler as GET, handler as POST };
