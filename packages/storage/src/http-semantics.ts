// Pure HTTP rules shared by every file-serving route: ranges, conditional requests, safe disposition.
import type { ByteRange } from "./object-store";

export type RangeResult = { kind: "none" } | { kind: "range"; range: ByteRange } | { kind: "unsatisfiable" };

// One range only; a multi-range or malformed header is ignored (a full 200), as RFC 9110 allows.
export function resolveRange(header: string | null | undefined, size: number): RangeResult {
  if (!header) return { kind: "none" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "none" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "none" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "none" };
  return { kind: "range", range: { start, end } };
}

// Weak comparison, as If-None-Match requires.
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}

const INLINE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "application/pdf",
  "text/plain",
  "application/octet-stream",
]);

export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

// Anything a browser could run as a page (HTML, SVG, XML, scripts) is downloaded, never rendered
// on our origin.
function isInlineSafe(contentType: string): boolean {
  const type = mediaType(contentType);
  return INLINE_TYPES.has(type) || type.startsWith("video/") || type.startsWith("audio/");
}

export function contentDisposition(contentType: string, key: string): string | undefined {
  if (isInlineSafe(contentType)) return undefined;
  const name = key.split("/").pop() ?? "download";
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
