// Which objects of the public image buckets a role may ask to write.
import { isStaff, type Role } from "./roles";

export const IMAGE_BUCKETS = ["avatars", "thumbnails", "blur"] as const;
export type ImageBucket = (typeof IMAGE_BUCKETS)[number];

/** Avatars belong to users (anyone's own) or to businesses (set by staff). */
export const AVATAR_MODES = ["users", "clients"] as const;
export type AvatarMode = (typeof AVATAR_MODES)[number];

// mode/{random id}: the id is random so nobody can guess, and so overwrite, another person's avatar.
const AVATAR_PATH = /^(users|clients)\/[A-Za-z0-9_-]{16,64}$/;
// Thumbnails and blur images mirror an asset's folder: safe segments, ending in an image name.
const PREVIEW_PATH = /^(?:[A-Za-z0-9._-]+\/){1,8}[A-Za-z0-9._-]+$/;

export type SignRefusal = "bad-path" | "forbidden";

/** Whether `role` may get a signed upload for `bucket/path`; null when it may. */
export function signedUploadRefusal(role: Role, bucket: ImageBucket, path: string): SignRefusal | null {
  if (path.length > 512 || path.split("/").some((s) => s === "." || s === ".." || s === "")) return "bad-path";
  if (bucket === "avatars") {
    if (!AVATAR_PATH.test(path)) return "bad-path";
    return path.startsWith("clients/") && !isStaff(role) ? "forbidden" : null;
  }
  return PREVIEW_PATH.test(path) ? null : "bad-path";
}
