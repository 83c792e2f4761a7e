// "Download all" for a proof: its files as one ZIP, streamed on the fly from the upload servers (no temporary copy),
// behind a short-lived signed link that proofs.list hands to whoever may see the proof.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { type Db, findProof, proofFiles } from "@atelier/db";
import type { SessionUser } from "@atelier/domain";
import { createSignedDownloadToken, verifySignedDownloadToken } from "@atelier/storage";
import { ZipArchive } from "archiver";
import { pickUploadServer, signedDownloadUrl } from "./stored-files";
import type { Context } from "./trpc";

const PROOF_ZIP_PATH = "/api/proofs";
const zipTokenPath = (id: string) => `proofs/${id}.zip`;

/** A short-lived link to the proof's ZIP, for someone already allowed to see the proof. */
export function proofZipUrl(ctx: Pick<Context, "files" | "now" | "mail"> & { user: Pick<SessionUser, "id"> }, proofId: string): string {
  const { token } = createSignedDownloadToken({ path: zipTokenPath(proofId), userId: ctx.user.id }, ctx.files.secret, ctx.now());
  const base = (ctx.mail?.appUrl ?? "").replace(/\/+$/, "");
  return `${base}${PROOF_ZIP_PATH}/${encodeURIComponent(proofId)}/zip?${new URLSearchParams({ token })}`;
}

const notFound = () => new Response("No such proof.", { status: 404, headers: { "content-type": "text/plain" } });

/** GET /api/proofs/{id}/zip?token=…: a forged, expired or other proof's token answers 404, as a proof that does not exist. */
export function createProofZipHandler(options: { db: Db; files: { secret: string; balancerUrl: string }; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async (req: Request, id: string): Promise<Response> => {
    const token = new URL(req.url).searchParams.get("token");
    const check = verifySignedDownloadToken(token, { path: zipTokenPath(id) }, options.files.secret, now());
    const proof = check.ok ? await findProof(options.db, id) : undefined;
    if (!proof) return notFound();
    const files = await proofFiles(options.db, proof.id);
    const server = await pickUploadServer(options.files);
    if (server === null) return new Response("The file servers do not answer. Try again in a moment.", { status: 503 });
    // Files are stored already compressed (PDF, PNG, JPEG): kept as they are, which also keeps the ZIP fast to make.
    const zip = new ZipArchive({ store: true });
    const names = new Set<string>();
    void (async () => {
      for (const file of files) {
        // One file at a time: each is read from its upload server only as the ZIP is read by the browser.
        const answer = await fetch(signedDownloadUrl(server, file.key, "proof-zip", options.files.secret, now()));
        if (!answer.ok || !answer.body) throw new Error(`${file.name}: the upload server answered ${answer.status}`);
        let name = file.name;
        for (let n = 2; names.has(name); n++) name = file.name.replace(/(\.[^.]*)?$/, `-${n}$1`);
        names.add(name);
        const done = new Promise((resolve) => zip.once("entry", resolve));
        zip.append(Readable.fromWeb(answer.body as NodeReadableStream), { name });
        await done;
      }
      await zip.finalize();
    })().catch((error: unknown) => zip.destroy(error instanceof Error ? error : new Error(String(error))));
    return new Response(Readable.toWeb(zip) as ReadableStream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="round-${proof.round}.zip"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  };
}
