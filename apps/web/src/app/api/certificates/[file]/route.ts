// Public answers of approval certificates (docs/approval-certificate.md), reached through next.config.ts's rewrites:
// /verify/<id>.json and /verify/<id>.pdf, and /.well-known/atelier-signing-key (the studio's public key).
import { createCertificateHandlers } from "@atelier/api";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handlers: ReturnType<typeof createCertificateHandlers> | undefined;

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const server = await getServer();
  handlers ??= createCertificateHandlers({ db: server.db, signing: server.signing, appUrl: server.config.APP_URL });
  const { file } = await params;
  return file === "signing-key" ? handlers.signingKey() : handlers.certificate(file);
}
