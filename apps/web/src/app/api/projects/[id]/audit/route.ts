// /api/projects/{id}/audit?format=csv|json: the project's proof audit trail, for staff (docs/proof-audit.md).
import { createProofAuditHandler } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createProofAuditHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createProofAuditHandler({ db: server.db });
  const user = await getSessionUser(server.db, req.headers.get("cookie"), new Date());
  return handler(user, (await params).id, new URL(req.url).searchParams.get("format"));
}
