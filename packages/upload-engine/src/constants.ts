// Business constants of the upload flow (docs/upload-protocol.md, "Limits"), as plain data.

/** Size of one part of a chunked upload, in bytes. */
export const CHUNK_SIZE = 10485760;

/** A file of this size or less is sent whole to /api/upload. */
export const SINGLE_UPLOAD_MAX = 10485760;

/** Retries per part after its first attempt, so at most 1 + MAX_RETRIES attempts. */
export const MAX_RETRIES = 10;

export const FIRST_RETRY_DELAY_MS = 2;

export const RETRY_FACTOR = 1.2;

/**
 * How long the upload servers keep the parts of a chunked upload that did not finish (their default `groupTtlMs`),
 * and so how long a client may remember it to resume it.
 */
export const UNFINISHED_GROUP_TTL_MS = 24 * 60 * 60 * 1000;

/** Images above this size get a placeholder instead of a generated thumbnail. */
export const THUMBNAIL_MAX_BYTES = 24000000;

export interface UploadRestrictions {
  /** Allowed MIME types; `undefined` allows every type. */
  readonly allowedTypes: readonly string[] | undefined;
  readonly maxFiles: number;
  readonly maxFileSize: number;
}

export const AVATAR_RESTRICTIONS = {
  allowedTypes: ["image/jpg", "image/jpeg", "image/png", "image/webp", "image/gif"],
  maxFiles: 1,
  maxFileSize: 10526316,
} as const satisfies UploadRestrictions;

export const ASSET_RESTRICTIONS = {
  allowedTypes: undefined,
  maxFiles: 10000,
  maxFileSize: 5368709120,
} as const satisfies UploadRestrictions;

/** Parts in one chunked upload at the most: enough for the largest asset (5 GiB in 10 MiB parts, 512). */
export const MAX_PARTS = Math.ceil(ASSET_RESTRICTIONS.maxFileSize / CHUNK_SIZE);

export interface ImageSize {
  readonly width: number;
  readonly height: number;
  readonly type: "image/jpeg";
  /** JPEG quality in percent; canvas APIs want `quality / 100`. */
  readonly quality: number;
}

export const AVATAR_IMAGE = { width: 128, height: 128, type: "image/jpeg", quality: 100 } as const satisfies ImageSize;

/** What a large photo is compressed to before it is cropped (long side, bytes, the intermediate's type). */
export interface CompressionTarget {
  readonly maxWidthOrHeight: number;
  readonly maxBytes: number;
  /** WebP keeps transparency, which the crop turns white; browsers without a WebP encoder give PNG. */
  readonly type: "image/webp";
}

/**
 * A photo picked as an avatar or a logo is first compressed to this, off the page's main thread, then cropped
 * exactly to AVATAR_IMAGE: eight times the avatar's side is plenty for the crop, and decoding it is cheap.
 */
export const AVATAR_SOURCE = { maxWidthOrHeight: 1024, maxBytes: 1048576, type: "image/webp" } as const satisfies CompressionTarget;
export const THUMBNAIL_IMAGE = { width: 300, height: 300, type: "image/jpeg", quality: 90 } as const satisfies ImageSize;
export const BLUR_IMAGE = { width: 24, height: 24, type: "image/jpeg", quality: 90 } as const satisfies ImageSize;

/** Buckets of the signed-upload storage service. */
export const BUCKETS = { avatars: "avatars", thumbnails: "thumbnails", blur: "blur" } as const;
export type Bucket = (typeof BUCKETS)[keyof typeof BUCKETS];
