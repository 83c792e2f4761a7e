// How the file viewer shows a file: images and PDFs in the browser, anything else as a download card; large
// images first as their thumbnail, so opening a file never pulls gigabytes to show it.

export type PreviewKind = "image" | "pdf" | "other";

/** Image types every current browser draws in an <img>; others (TIFF, PSD, HEIC…) are offered as a download. */
const BROWSER_IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/avif", "image/svg+xml", "image/bmp"];
const BROWSER_IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|svg|bmp)$/i;

/** Images above this many bytes open as their thumbnail, with the full resolution one click away. */
export const FULL_IMAGE_AUTOLOAD_MAX_BYTES = 10_000_000;

export function previewKind(file: { name: string; type: string | null }): PreviewKind {
  const type = (file.type ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/pdf" || (!type.startsWith("image/") && /\.pdf$/i.test(file.name))) return "pdf";
  if (BROWSER_IMAGE_TYPES.includes(type)) return "image";
  // A missing or generic type says nothing: the name decides.
  if ((type === "" || type === "application/octet-stream") && BROWSER_IMAGE_NAME.test(file.name)) return "image";
  return "other";
}

/** Whether an image is large enough to be shown as its thumbnail until someone asks for the full resolution. */
export function opensAsThumbnail(file: { size: number | null }): boolean {
  return file.size !== null && file.size > FULL_IMAGE_AUTOLOAD_MAX_BYTES;
}
