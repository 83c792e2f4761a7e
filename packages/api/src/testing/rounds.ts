// Proof rounds for tests that run the real upload servers: a file uploaded through them by the studio and added to a
// project, and a briefed project with a round of one such file sent. One place for what several suites need first.
import { randomBytes } from "node:crypto";
import { createUploader, type FetchLike, fromBytes } from "@atelier/upload-engine";
import type { createCaller } from "../index";

type Caller = ReturnType<typeof createCaller>;

/**
 * Uploads `bytes` as `name` with the studio's ticket and adds it to the project's materials, with the SHA-256 the
 * browser would claim for it if given (a wrong one shows the server does not take it); answers the project's file.
 */
export async function addUploadedFile(studio: Caller, projectId: string, name: string, bytes: Uint8Array, claimedSha256?: string) {
  const { ticket, balancerUrl, folder } = await studio.uploads.ticket({ projectId, kind: "materials" });
  const uploader = createUploader({
    balancerUrl,
    fetch: globalThis.fetch as unknown as FetchLike,
    headers: { authorization: `Bearer ${ticket}` },
    sleep: async () => undefined,
  });
  const [outcome] = await uploader.upload([{ source: fromBytes(bytes, { name }), urlPath: `${folder}/${name}` }]);
  if (!outcome?.ok) throw new Error(`upload failed: ${JSON.stringify(outcome)}`);
  const uploadId = randomBytes(8).toString("hex");
  await studio.projects.addFiles({
    projectId,
    kind: "materials",
    files: [
      {
        id: uploadId,
        url: outcome.url,
        thumbnail: "/placeholder.svg",
        blur: "/placeholder.svg",
        name,
        ...(claimedSha256 ? { sha256: claimedSha256 } : {}),
      },
    ],
  });
  const file = (await studio.projects.byId({ id: projectId })).files.find((f) => f.uploadId === uploadId);
  if (!file) throw new Error("file not added");
  return file;
}

/** A project of the client's business, briefed, with round 1 of one uploaded file sent by the studio. */
export async function sendRoundOfOneFile(as: { client: Caller; studio: Caller }, title: string, options: { dueOn?: string } = {}) {
  const { id: projectId } = await as.client.projects.create({ title, event: "print" });
  await as.client.comments.create({ projectId, body: "Here is the brief", event: "briefing" });
  const file = await addUploadedFile(as.studio, projectId, `${title.replaceAll(" ", "-")}.png`, randomBytes(2048));
  const proof = await as.studio.proofs.create({ projectId, fileIds: [file.id], ...options });
  return { projectId, proofId: proof.id };
}
