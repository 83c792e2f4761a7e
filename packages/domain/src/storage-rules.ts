// Which objects of the public image buckets a role may ask to write.
import { isStaff, type Role } from "./roles";

export const IMAGE_BUCKETS = ["avatars", "thumbnails", "blur"] as const;
export type ImageBucket = (typeof IMAGE_BUCKETS)[number];

/** Avatars belong to users (anyone's own) or to businesses (set by staff). */
const AVATAR_MODES = ["users", "clients"] as const;
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

/** What each person may keep in the image buckets; the studio's people are not limited. */
export const IMAGE_QUOTA = { files: 500, bytes: 100 * 1024 * 1024 } as const;

/** Whether someone of `role` who has stored `used` may store `size` bytes more. */
export function withinImageQuota(role: Role, used: { files: number; bytes: number }, size: number): boolean {
  return isStaff(role) || (used.files + 1 <= IMAGE_QUOTA.files && used.bytes + size <= IMAGE_QUOTA.bytes);
}

// The image formats we keep, by their first bytes ([offset, bytes] that must all match): the declared type is only the sender's word.
const IMAGE_SIGNATURES: readonly { type: string; parts: readonly (readonly [number, readonly number[]])[] }[] = [
  { type: "image/jpeg", parts: [[0, [0xff, 0xd8, 0xff]]] },
  { type: "image/png", parts: [[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]] },
  { type: "image/gif", parts: [[0, [0x47, 0x49, 0x46, 0x38]]] },
  // RIFF, then the form type WEBP.
  {
    type: "image/webp",
    parts: [
      [0, [0x52, 0x49, 0x46, 0x46]],
      [8, [0x57, 0x45, 0x42, 0x50]],
    ],
  },
];

/** The image type the bytes are, or null when they are not an image of a type we keep. */
export function imageTypeOf(data: Uint8Array): string | null {
  const matches = (at: number, bytes: readonly number[]) => bytes.every((b, i) => data[at + i] === b);
  return IMAGE_SIGNATURES.find((sig) => sig.parts.every(([at, bytes]) => matches(at, bytes)))?.type ?? null;
}
