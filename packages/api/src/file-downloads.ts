// Stored files are linked through the web app: /api/files/{scope}/{id}… checks, when the link is used, that the
// signed-in person (an active session) may still see the file, then redirects to an upload server with a signed link
// that lives a few minutes. A page's links never expire, and a person removed from a business loses them at once.
// A guest of a review link (docs/guest-review.md) reaches the files of their round only, and not once the link ends.
import { findStoredFile, type StoredFileRef } from "@atelier/db";
import { canSeeBusiness, canSeeProject, type SessionUser } from "@atelier/domain";
import { pickUploadServer, signedDownloadUrl } from "./stored-files";

const FILES_PATH = "/api/files";

/** How long the upload server's link the redirect names lives: the browser follows it at once. */
const FILE_REDIRECT_TTL_MS = 3 * 60_000;
/**
 * Links made within one such step are the same link (their expiry rounded to it), so a browser's cache keeps a
 * picture it showed a moment ago instead of fetching it again under a new token.
 */
const FILE_REDIRECT_STEP_MS = 60_000;

/** The link a page shows for a stored file (absolute when the app's address is known). */
export function fileDownloadUrl(appUrl: string | undefined, ref: StoredFileRef): string {
  const ids = ref.scope === "proof" ? [ref.proofId, ref.fileId] : [ref.fileId];
  return `${(appUrl ?? "").replace(/\/+$/, "")}${FILES_PATH}/${ref.scope}/${ids.map(encodeURIComponent).join("/")}`;
}

/** The file a link's path segments (after /api/files/) name, or null for anything else. */
export function parseFileRef(segments: readonly string[]): StoredFileRef | null {
  const ok = (id: string | undefined): id is string => id !== undefined && id.length > 0 && id.length <= 200;
  const [scope, a, b, ...rest] = segments;
  if (rest.length > 0) return null;
  if ((scope === "project" || scope === "brand") && ok(a) && b === undefined) return { scope, fileId: a };
  if (scope === "proof" && ok(a) && ok(b)) return { scope, proofId: a, fileId: b };
  return null;
}

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** A guest session following a link: its round, already checked against its link (guestSessionOf). */
export interface FileGuest {
  proofId: string;
  email: string;
}

/**
 * GET /api/files/…: 401 without a session (a guest, without one on the file's round), 404 for a file that does not exist or that the person may not see (as
 * one that does not exist), 503 when no upload server answers, else 302 to the bytes.
 */
export function createFileDownloadHandler(options: {
  files: { secret: string; balancerUrl: string };
  db: Parameters<typeof findStoredFile>[0];
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  return async (user: SessionUser | null, segments: readonly string[], guest?: FileGuest | null): Promise<Response> => {
    if (!user && !guest) return text(401, "Sign in to download this file.");
    const ref = parseFileRef(segments);
    const file = ref ? await findStoredFile(options.db, ref) : undefined;
    const allowed =
      file &&
      ref &&
      (user
        ? ref.scope === "brand"
          ? canSeeBusiness(user, file.businessId)
          : canSeeProject(user, file)
        : ref.scope === "proof" && ref.proofId === guest?.proofId);
    if (!file || !allowed) return text(404, "No such file.");
    const server = await pickUploadServer(options.files);
    if (server === null) return text(503, "The file servers do not answer. Try again in a moment.");
    const at = now().getTime();
    const signedAt = new Date(at - (at % FILE_REDIRECT_STEP_MS));
    const location = signedDownloadUrl(
      server,
      file.key,
      user ? user.id : `guest:${guest?.email}`,
      options.files.secret,
      signedAt,
      FILE_REDIRECT_TTL_MS,
    );
    return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
  };
}
