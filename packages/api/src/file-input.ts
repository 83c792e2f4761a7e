// What the upload dialog (or another app, through /api/v1) hands over for each file it stored, checked the same way
// wherever files join a record (a project's files, a business's brand library).
import { randomUUID } from "node:crypto";
import { DomainError, idInput } from "@atelier/domain";
import { ASSET_RESTRICTIONS } from "@atelier/upload-engine";
import { z } from "zod";
import { fileKeyInFolder } from "./project-folders";

const httpUrl = z.url({ protocol: /^https?$/ }).max(4096);
// A thumbnail or blur image: a public URL, or a path on this site (the placeholder image).
const imageUrl = z.union([httpUrl, z.string().regex(/^\/[A-Za-z0-9._/-]{1,200}$/)]);

/** The image a file without a thumbnail of its own is shown with. */
const PLACEHOLDER_IMAGE = "/placeholder.svg";

export const uploadedFileInput = z.object({
  /** The upload's id; another app's upload (docs/api.md) may leave it out and be given one. */
  id: idInput.default(() => randomUUID()),
  url: httpUrl,
  thumbnail: imageUrl.default(PLACEHOLDER_IMAGE),
  blur: imageUrl.default(PLACEHOLDER_IMAGE),
  name: z.string().min(1).max(255),
  size: z.number().int().nonnegative().max(ASSET_RESTRICTIONS.maxFileSize).optional(),
  type: z.string().max(255).optional(),
});

type UploadedFile = z.infer<typeof uploadedFileInput>;

/**
 * The files with the key each is kept by, when every one lies directly in `folder`, the record's own: a signed
 * download link is made for whatever key is kept. Otherwise refused, with `refusal` as the message.
 */
export function filesInFolder<F extends UploadedFile>(files: readonly F[], folder: string, refusal: string): (F & { key: string })[] {
  const keyed = files.map((f) => ({ ...f, key: fileKeyInFolder(f.url, folder) }));
  if (!keyed.every((f): f is F & { key: string } => f.key !== null)) throw new DomainError("BAD_INPUT", refusal);
  return keyed;
}

/** What a stored file's row keeps of the upload dialog's answer, wherever the file joins a record. */
export function uploadedFileColumns(file: UploadedFile & { key: string }) {
  return {
    uploadId: file.id,
    name: file.name,
    key: file.key,
    thumbnail: file.thumbnail,
    blur: file.blur,
    size: file.size ?? null,
    type: file.type ?? null,
  };
}
