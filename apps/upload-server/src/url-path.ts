// Turns the client's urlPath header into a safe store key and back into a URL path.
import { ERRORS, InvalidPathError, securePath } from "@atelier/storage";

const MAX_URL_PATH_CHARS = 1024;
const UNSAFE_SEGMENT_CHARS = /[^A-Za-z0-9._\-~()+,=@]/g;

// Refuses traversal, absolute, drive and NUL paths outright (they are never honest), and
// replaces other unusual characters so the stored name is always safe in a URL and on disk.
export function normaliseUrlPath(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") throw ERRORS.InvalidHeader("urlPath", "missing");
  if (raw.length > MAX_URL_PATH_CHARS) throw ERRORS.InvalidPath("too-long");
  let path = raw.trim();
  if (/%[0-9A-Fa-f]{2}/.test(path)) {
    try {
      path = decodeURIComponent(path);
    } catch {
      throw ERRORS.InvalidPath("bad percent-encoding");
    }
  }
  if (path.includes("\0")) throw ERRORS.InvalidPath("nul");
  if (path.startsWith("/") || path.startsWith("\\")) throw ERRORS.InvalidPath("absolute");
  if (/^[A-Za-z]:/.test(path)) throw ERRORS.InvalidPath("drive");
  const segments = path.split(/[/\\]+/).filter((segment) => segment !== "");
  if (segments.length === 0) throw ERRORS.InvalidPath("empty");
  if (segments.some((segment) => segment === "." || segment === "..")) throw ERRORS.InvalidPath("dot-segment");
  const safe = segments.map((segment) => segment.replace(UNSAFE_SEGMENT_CHARS, "_")).join("/");
  try {
    return securePath(safe);
  } catch (error) {
    if (error instanceof InvalidPathError) throw ERRORS.InvalidPath(error.reason);
    throw error;
  }
}

export function fileKey(urlPath: string): string {
  return `files/${urlPath}`;
}

export { storedFileUrl as fileUrl } from "@atelier/upload-engine";

// How many names an upload may try in its folder before it is refused: flyer.pdf, then
// flyer-2.pdf up to flyer-1000.pdf.
export const MAX_NAME_CHOICES = 1000;

/** `urlPath`, then the same name numbered from 2 before its extension, in the same folder. */
export function* nameChoices(urlPath: string): Generator<string> {
  yield urlPath;
  const slash = urlPath.lastIndexOf("/");
  const folder = urlPath.slice(0, slash + 1);
  const name = urlPath.slice(slash + 1);
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 2; n <= MAX_NAME_CHOICES; n += 1) yield `${folder}${stem}-${n}${extension}`;
}
