// "Download all" for a proof: its files as one ZIP, streamed on the fly from the upload servers (no temporary copy),
// at a link of the web app that checks the signed-in person may see the proof when it is opened (or, without a
// session, that the guest review session of the request is this round's): a page's link never expires, and someone
// deactivated or moved to another business, or a guest whose link was withdrawn, is refused at once.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { type Db, findProject, findProof, proofFiles } from "@atelier/db";
import { canSeeProject, type SessionUser } from "@atelier/domain";
import { ZipArchive } from "archiver";
import { pickUploadServer, signedDownloadUrl } from "./stored-files";

const PROOF_ZIP_PATH = "/api/proofs";

/** The link to the proof's ZIP (absolute when the app's address is known). */
export function proofZipUrl(appUrl: string | undefined, proofId: string): string {
  return `${(appUrl ?? "").replace(/\/+$/, "")}${PROOF_ZIP_PATH}/${encodeURIComponent(proofId)}/zip`;
}

const notFound = () => new Response("No such proof.", { status: 404, headers: { "content-type": "text/plain" } });

/** The proof, if `user` (an active session's) may see its project now. */
async function visibleProof(db: Db, user: SessionUser, id: string) {
  const proof = await findProof(db, id);
  const project = proof ? await findProject(db, proof.projectId) : undefined;
  return project && canSeeProject(user, project) ? proof : undefined;
}

/**
 * GET /api/proofs/{id}/zip: 401 without a session or a guest's; a proof that does not exist, that the person may not
 * see, or that is not the guest's round answers 404.
 */
export function createProofZipHandler(options: { db: Db; files: { secret: string; balancerUrl: string }; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async (user: SessionUser | null, id: string, guest: { proofId: string } | null = null): Promise<Response> => {
    if (!user && !guest)
      return new Response("Sign in to download these files.", { status: 401, headers: { "content-type": "text/plain" } });
    const proof = user ? await visibleProof(options.db, user, id) : guest?.proofId === id ? await findProof(options.db, id) : undefined;
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
