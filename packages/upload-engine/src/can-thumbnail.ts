// Whether the client should render a thumbnail and blur image for a file (docs/upload-protocol.md, "Limits").
import { THUMBNAIL_MAX_BYTES } from "./constants";

export const THUMBNAIL_TYPES = ["image/png", "image/jpg", "image/jpeg", "image/gif", "image/webp"] as const;

export function canThumbnail(file: { readonly type: string; readonly size: number }): boolean {
  return (THUMBNAIL_TYPES as readonly string[]).includes(mediaType(file.type)) && file.size <= THUMBNAIL_MAX_BYTES;
}

/** `image/PNG; foo=bar` -> `image/png`. */
export function mediaType(type: string): string {
  return (type.split(";")[0] ?? "").trim().toLowerCase();
}
