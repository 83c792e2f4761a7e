// /api/proofs/{id}/zip: a proof's files as one ZIP, streamed, for a signed-in person who may see the proof now.
import { createProofZipHandler } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createProofZipHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createProofZipHandler({ db: server.db, files: server.files });
  const user = await getSessionUser(server.db, req.headers.get("cookie"), new Date());
  return handler(user, (await params).id);
}
