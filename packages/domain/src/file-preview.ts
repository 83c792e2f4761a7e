// How the file viewer shows a file: images and PDFs in the browser, video and sound in its player, anything else as a
// download card; large images first as their thumbnail, so opening a file never pulls gigabytes to show it.

export type PreviewKind = "image" | "pdf" | "video" | "audio" | "other";

/** Image types every current browser draws in an <img>; others (TIFF, PSD, HEIC…) are offered as a download. */
const BROWSER_IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/avif", "image/svg+xml", "image/bmp"];
const BROWSER_IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|svg|bmp)$/i;

/**
 * Video and sound a browser may play: played in the viewer, read by ranges as it plays. Whether this browser can
 * decode the file's codec only playing tells; one it cannot is offered as a download, its codec named.
 */
const VIDEO_TYPES = ["video/mp4", "video/webm", "video/ogg", "video/quicktime", "video/x-m4v"];
const VIDEO_NAME = /\.(mp4|m4v|webm|ogv|mov)$/i;
const AUDIO_TYPES = [
  "audio/mpeg",
  "audio/mp3",
  "audio/mp4",
  "audio/x-m4a",
  "audio/aac",
  "audio/ogg",
  "audio/opus",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/webm",
  "audio/flac",
  "audio/x-flac",
];
const AUDIO_NAME = /\.(mp3|m4a|aac|oga|ogg|opus|wav|flac)$/i;

/** Images above this many bytes open as their thumbnail, with the full resolution one click away. */
export const FULL_IMAGE_AUTOLOAD_MAX_BYTES = 10_000_000;

export function previewKind(file: { name: string; type: string | null }): PreviewKind {
  const type = (file.type ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/pdf" || (!type.startsWith("image/") && /\.pdf$/i.test(file.name))) return "pdf";
  if (BROWSER_IMAGE_TYPES.includes(type)) return "image";
  if (VIDEO_TYPES.includes(type)) return "video";
  if (AUDIO_TYPES.includes(type)) return "audio";
  // A missing or generic type says nothing: the name decides.
  if (type === "" || type === "application/octet-stream") {
    if (BROWSER_IMAGE_NAME.test(file.name)) return "image";
    if (VIDEO_NAME.test(file.name)) return "video";
    if (AUDIO_NAME.test(file.name)) return "audio";
  }
  return "other";
}

/**
 * PDFs above this many bytes open on request. pdf.js reads only the ranges a page needs, but opening a document
 * walks its page tree, which in a flat tree touches every page object across the file: hundreds of megabytes of
 * print file for a glance at page 1 is the person's call, not the viewer's.
 */
export const PDF_AUTOLOAD_MAX_BYTES = 100_000_000;

/** Whether a file is large enough to wait for a click: an image shows its thumbnail first, a PDF a card. */
export function opensOnRequest(file: { name: string; type: string | null; size: number | null }): boolean {
  const kind = previewKind(file);
  const limit = kind === "image" ? FULL_IMAGE_AUTOLOAD_MAX_BYTES : kind === "pdf" ? PDF_AUTOLOAD_MAX_BYTES : Number.POSITIVE_INFINITY;
  return file.size !== null && file.size > limit;
}

/** Whether a file is played (video or sound): its comments are pinned to a moment, its poster made on the server. */
export const isMedia = (file: { name: string; type: string | null }): boolean => {
  const kind = previewKind(file);
  return kind === "video" || kind === "audio";
};
