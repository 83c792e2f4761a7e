// What the upload dialog hands over for each file it stored, checked the same way wherever files join a record
// (a project's files, a business's brand library).
import { idInput } from "@atelier/domain";
import { ASSET_RESTRICTIONS } from "@atelier/upload-engine";
import { z } from "zod";

const httpUrl = z.url({ protocol: /^https?$/ }).max(4096);
// A thumbnail or blur image: a public URL, or a path on this site (the placeholder image).
const imageUrl = z.union([httpUrl, z.string().regex(/^\/[A-Za-z0-9._/-]{1,200}$/)]);

export const uploadedFileInput = z.object({
  id: idInput,
  url: httpUrl,
  thumbnail: imageUrl,
  blur: imageUrl,
  name: z.string().min(1).max(255),
  size: z.number().int().nonnegative().max(ASSET_RESTRICTIONS.maxFileSize).optional(),
  type: z.string().max(255).optional(),
});
