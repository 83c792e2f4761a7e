// /api/proofs/{id}/zip: a proof's files as one ZIP, streamed, for a signed-in person who may see the proof now, or
// without a session for the guest review session of that round (docs/guest-review.md).
import { createProofZipHandler, guestOfCookie } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createProofZipHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createProofZipHandler({ db: server.db, files: server.files });
  const now = new Date();
  const cookie = req.headers.get("cookie");
  const user = await getSessionUser(server.db, cookie, now);
  const guest = user ? null : await guestOfCookie(server.db, cookie, now);
  return handler(user, (await params).id, guest);
}
