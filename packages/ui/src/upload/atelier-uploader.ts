// The Uppy uploader plugin: Uppy is the widget, the transfer is the upload engine's (assets) or a signed storage upload (avatars).

import type { ImageBucket } from "@atelier/domain";
import { messages, previewKind } from "@atelier/domain";
import {
  AVATAR_IMAGE,
  AVATAR_SOURCE,
  assetPath,
  avatarPath,
  BLUR_IMAGE,
  CHUNK_SIZE,
  canThumbnail,
  createUploader,
  fromBlob,
  isSingleUpload,
  planParts,
  publicObjectUrl,
  type ResumeInput,
  sha256Hex,
  THUMBNAIL_IMAGE,
  type UploadError,
  type UploadFile,
  type UploadProgress,
} from "@atelier/upload-engine";
import { BasePlugin, type PluginOpts, type Uppy, type UppyFile } from "@uppy/core";
import type { FileBody, FileMeta } from "./file-shapes";
import { isBrandAssetFile } from "./file-shapes";
import type { UploadPurpose, UploadServices } from "./services";
import { createTicketKeeper, isTicketExpired } from "./ticket-keeper";
import { continuesUpload, type FileIdentity, fileIdentity, type UnfinishedUploads, unfinishedUploads } from "./unfinished-uploads";

type File = UppyFile<FileMeta, FileBody>;
type Toast = (title: string, description: string) => void;

export interface AtelierUploaderOptions extends PluginOpts {
  purpose: UploadPurpose;
  services: UploadServices;
  /**
   * Toast-ready failures (docs/upload-protocol.md, "The upload dialog and its messages"): each failed attempt of a part of a chunked file ('Remaining
   * Retries: n'), each file that finally failed, and 'No servers available' once per batch however many
   * files and retries met it.
   */
  onError?: (title: string, description: string) => void;
  /** Where unfinished uploads are remembered; this browser's by default. */
  unfinished?: UnfinishedUploads;
}

/** A PDF's first page is drawn this wide, then cut to the thumbnail's square like any image. */
const PDF_PAGE_PREVIEW_WIDTH = 600;
/** How long a PDF's preview may hold its finished upload back before the placeholder stands in. */
const PDF_PREVIEW_TIME_MS = 20_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The preview took too long")), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The servers refused the ticket (it ran out on its way, or this clock is behind theirs), or it expired and could
 * not be renewed: the same words for every file, not a count of retries that will not happen.
 */
function ticketEnded(error: UploadError): boolean {
  return ("status" in error && error.status === 401) || isTicketExpired(error);
}

function storagePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

export class AtelierUploader extends BasePlugin<AtelierUploaderOptions, FileMeta, FileBody> {
  private readonly controllers = new Set<AbortController>();
  // Parts already stored for a failed large file, so a retry from the dashboard sends only the rest.
  private readonly resumes = new Map<string, ResumeInput>();
  // The first part's digest of each file being remembered, taken once per file.
  private readonly firstPartDigests = new Map<string, Promise<string | undefined>>();
  // Files uploading now, by id, with the bytes last remembered for them.
  private readonly remembered = new Map<string, number>();

  constructor(uppy: Uppy<FileMeta, FileBody>, opts: AtelierUploaderOptions) {
    super(uppy, opts);
    this.id = opts.id ?? "AtelierUploader";
    this.type = "uploader";
  }

  override install(): void {
    this.uppy.addUploader(this.handleUpload);
    this.uppy.on("cancel-all", this.abortAll);
    this.uppy.on("file-removed", this.forgetRemoved);
  }

  override uninstall(): void {
    this.uppy.removeUploader(this.handleUpload);
    this.uppy.off("cancel-all", this.abortAll);
    this.uppy.off("file-removed", this.forgetRemoved);
    this.abortAll();
  }

  private get unfinished(): UnfinishedUploads {
    return this.opts.unfinished ?? unfinishedUploads;
  }

  /**
   * A file taken out of the dialog while or after it was sent (cancelled, dropped) is not to be resumed. (The servers
   * drop the parts of an unfinished upload after UNFINISHED_GROUP_TTL_MS; the protocol has no way for a client to
   * remove them sooner.)
   */
  private readonly forgetRemoved = (file: File): void => {
    const scope = this.opts.services.unfinishedScope;
    const identity = fileIdentity(file.data);
    this.firstPartDigests.delete(file.id);
    this.remembered.delete(file.id);
    // Only a file this dialog started: closing a dialog removes files never sent, which may be ones chosen again.
    if (scope && identity && file.progress.uploadStarted && !file.progress.uploadComplete) this.unfinished.forget(scope, identity);
  };

  private readonly abortAll = (): void => {
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
  };

  private readonly handleUpload = async (fileIDs: string[]): Promise<void> => {
    // Brand assets are on the upload servers already: the brand library attaches them.
    const files = fileIDs.map((id) => this.uppy.getFile(id)).filter((f): f is File => Boolean(f) && !isBrandAssetFile(f));
    if (files.length === 0) return;
    this.uppy.emit("upload-start", files);
    const controller = new AbortController();
    this.controllers.add(controller);
    const shown = new Set<string>();
    // The same words once per batch: three files meeting no server make one toast, not three.
    const toastOnce = (title: string, description: string) => {
      const key = `${title}\n${description}`;
      if (shown.has(key)) return;
      shown.add(key);
      this.opts.onError?.(title, description);
    };
    try {
      if (this.opts.purpose.type === "avatar") {
        for (const file of files) await this.uploadAvatar(file, this.opts.purpose.mode, toastOnce);
      } else {
        await this.uploadAssets(files, controller.signal, toastOnce);
      }
    } finally {
      this.controllers.delete(controller);
    }
  };

  private async uploadAvatar(file: File, mode: string, toast: Toast): Promise<void> {
    const { services } = this.opts;
    try {
      const photo = file.data as Blob;
      const source = services.compressImage ? await services.compressImage(photo, AVATAR_SOURCE) : photo;
      const image = await services.resizeImage(source, AVATAR_IMAGE);
      const path = avatarPath(mode, services.randomId());
      const url = await this.putImage("avatars", path, image);
      this.succeed(file, { id: path, url, thumbnail: url, blur: url });
    } catch (error) {
      this.fail(file, error, messages.uploadFailed(file.name ?? ""), messages.tryAgain(), toast);
    }
  }

  private async uploadAssets(files: File[], signal: AbortSignal, toast: Toast): Promise<void> {
    const { services } = this.opts;
    let access: Awaited<ReturnType<UploadServices["uploadTicket"]>>;
    try {
      access = await services.uploadTicket();
    } catch (error) {
      // The app refusing a ticket (signed out, deactivated, no longer this business's) is no server outage.
      const refused = [401, 403, 404].includes(httpStatusOf(error) ?? 0);
      const description = refused ? messages.uploadNotAllowed() : messages.noServers();
      for (const file of files) this.fail(file, error, messages.errorTitle(), description, toast);
      return;
    }
    // Tickets live minutes: every request takes the current one, renewed as it nears its end.
    const tickets = createTicketKeeper(access, () => services.uploadTicket());
    const uploader = createUploader({
      balancerUrl: access.balancerUrl,
      // A transport that reports request bodies leaving moves progress with the bytes, not per part.
      fetch: services.uploadFetch ?? services.fetch,
      ...(services.sha256 ? { sha256: services.sha256 } : {}),
      ...(services.preparePart ? { preparePart: services.preparePart } : {}),
      headers: async () => ({ authorization: `Bearer ${(await tickets.current()).ticket}` }),
    });
    const started = Date.now();
    const entries = await Promise.all(files.map((file) => this.uploadEntry(file, access.folder)));
    for (const file of files) this.remembered.set(file.id, -1);
    const outcomes = await uploader.upload(entries, {
      signal,
      onProgress: (p) => {
        const file = files[p.fileIndex];
        if (!file) return;
        this.uppy.emit("upload-progress", this.uppy.getFile(file.id), {
          uploadStarted: started,
          bytesUploaded: p.bytesSent,
          bytesTotal: p.bytesTotal,
        });
        // Once per acknowledged part: enough to resume from, and little writing.
        const last = this.remembered.get(file.id);
        if (p.groupId && last !== undefined && last !== p.bytesUploaded && p.bytesUploaded < p.bytesTotal) {
          this.remembered.set(file.id, p.bytesUploaded);
          void this.remember(file, entries[p.fileIndex]!.urlPath, access.folder, p);
        }
      },
      // 'Remaining Retries' belongs to parts of a chunked file; a balancer with no server is told once, below.
      onAttemptError: (error) => {
        if (error.parts > 1 && !error.isNoServers && !ticketEnded(error)) toast(error.title, error.description);
      },
    });
    for (const outcome of outcomes) {
      const file = files[outcome.fileIndex];
      if (!file) continue;
      this.remembered.delete(file.id);
      if (outcome.ok) {
        this.resumes.delete(file.id);
        this.firstPartDigests.delete(file.id);
        const scope = this.opts.services.unfinishedScope;
        const identity = fileIdentity(file.data);
        if (scope && identity) this.unfinished.forget(scope, identity);
        const previews = await this.previews(file, outcome.urlPath);
        this.succeed(file, {
          id: outcome.id,
          url: outcome.url,
          ...previews,
          name: file.name ?? outcome.fileName,
          size: file.size ?? 0,
          type: file.type || "application/octet-stream",
          ...(outcome.sha256 ? { sha256: outcome.sha256 } : {}),
        });
      } else {
        const resume = (outcome.error as UploadError & { resume?: ResumeInput }).resume;
        if (resume) this.resumes.set(file.id, resume);
        // A cancelled upload is the user's choice, not a failure to announce.
        const quiet = outcome.error.code === "aborted";
        const [title, description] = ticketEnded(outcome.error)
          ? [messages.errorTitle(), messages.uploadPermissionExpired()]
          : [outcome.error.title, outcome.error.description];
        this.fail(file, outcome.error, title, description, quiet ? undefined : toast);
      }
    }
  }

  /**
   * What the engine is given for one file: a resume from this dialog's own failure, or from an upload of the same
   * file that a reload or a crash left unfinished in the same scope and folder, or a fresh start.
   */
  private async uploadEntry(file: File, folder: string): Promise<UploadFile> {
    const data = file.data as Blob;
    const fresh = { source: fromBlob(data, file.name ?? "file"), urlPath: assetPath(folder, file.name ?? "file") };
    const resume = this.resumes.get(file.id);
    if (resume) return { ...fresh, resume };
    const scope = this.opts.services.unfinishedScope;
    const identity = fileIdentity(data);
    const saved = scope && identity ? this.unfinished.find(scope, identity) : undefined;
    if (!scope || !identity || !saved) return fresh;
    const firstPartSha256 = saved.firstPartSha256 === undefined ? undefined : await this.firstPartDigest(file);
    if (!continuesUpload(saved, { folder, firstPartSha256 })) {
      this.unfinished.forget(scope, identity);
      return fresh;
    }
    // The stored name is the group's; the engine asks the servers which parts they hold, with a fresh ticket.
    return { ...fresh, urlPath: saved.urlPath, resume: { groupId: saved.groupId } };
  }

  /** Hex SHA-256 of the file's first part, when the host hashes; undefined otherwise or when it cannot be read. */
  private firstPartDigest(file: File): Promise<string | undefined> {
    let digest = this.firstPartDigests.get(file.id);
    if (!digest) {
      const { sha256 } = this.opts.services;
      const data = file.data as Blob;
      digest = sha256
        ? data
            .slice(0, CHUNK_SIZE)
            .arrayBuffer()
            .then((bytes) => sha256Hex(sha256, new Uint8Array(bytes)))
            .catch(() => undefined)
        : Promise.resolve(undefined);
      this.firstPartDigests.set(file.id, digest);
    }
    return digest;
  }

  /** Keeps what a reload would need to resume this file, as the servers acknowledge its parts. */
  private async remember(file: File, urlPath: string, folder: string, progress: UploadProgress): Promise<void> {
    const scope = this.opts.services.unfinishedScope;
    const identity: FileIdentity | undefined = fileIdentity(file.data);
    if (!scope || !identity || !progress.groupId || isSingleUpload(identity.size)) return;
    const firstPartSha256 = await this.firstPartDigest(file);
    // Finished, failed or dropped while the digest was taken: nothing more to remember.
    if (!this.remembered.has(file.id) || !this.uppy.getFile(file.id)) return;
    this.unfinished.remember({
      scope,
      ...identity,
      urlPath,
      folder,
      groupId: progress.groupId,
      parts: planParts(identity.size).length,
      bytesHeld: progress.bytesUploaded,
      ...(firstPartSha256 ? { firstPartSha256 } : {}),
      updatedAt: Date.now(),
    });
  }

  /**
   * A 300 px thumbnail and a 24 px blur image for small enough images, and for PDFs from their first page when the
   * host can draw one (in time: a preview never holds a finished upload back for long); the placeholder otherwise.
   */
  private async previews(file: File, urlPath: string): Promise<{ thumbnail: string; blur: string }> {
    const { services } = this.opts;
    const placeholder = { thumbnail: services.placeholderUrl, blur: services.placeholderUrl };
    const data = file.data as Blob;
    const pdf = services.firstPdfPage && previewKind({ name: file.name ?? "", type: file.type || null }) === "pdf";
    if (!pdf && !canThumbnail({ type: file.type ?? "", size: file.size ?? 0 })) return placeholder;
    try {
      const source = pdf ? await withinTime(services.firstPdfPage!(data, PDF_PAGE_PREVIEW_WIDTH), PDF_PREVIEW_TIME_MS) : data;
      const id = services.randomId();
      const [thumbnail, blur] = await Promise.all([
        services.resizeImage(source, THUMBNAIL_IMAGE).then((img) => this.putImage("thumbnails", `${urlPath}-${id}.jpg`, img)),
        services.resizeImage(source, BLUR_IMAGE).then((img) => this.putImage("blur", `${urlPath}-${id}.jpg`, img)),
      ]);
      return { thumbnail, blur };
    } catch {
      return placeholder;
    }
  }

  /** A signed upload to an image bucket; answers the object's public URL. */
  private async putImage(bucket: ImageBucket, path: string, image: Blob): Promise<string> {
    const { services } = this.opts;
    const token = await services.signUpload(bucket, path);
    const url = `${services.storageBase}/storage/v1/object/upload/sign/${bucket}/${storagePath(path)}?token=${encodeURIComponent(token)}`;
    const res = await services.fetch(url, { method: "PUT", body: image, headers: { "content-type": image.type || "image/jpeg" } });
    if (!res.ok) throw new Error(`Storage answered ${res.status}`);
    return publicObjectUrl(services.storageBase, bucket, path);
  }

  private succeed(file: File, body: FileBody): void {
    const current = this.uppy.getFile(file.id);
    if (!current) return;
    const size = current.size ?? 0;
    this.uppy.emit("upload-progress", current, { uploadStarted: Date.now(), bytesUploaded: size, bytesTotal: size });
    this.uppy.emit("upload-success", current, { status: 200, body, uploadURL: body.url });
  }

  private fail(file: File, error: unknown, title: string, description: string, toast: Toast | undefined): void {
    const current = this.uppy.getFile(file.id);
    if (!current) return;
    const err = error instanceof Error ? error : new Error(String(error));
    this.uppy.emit("upload-error", current, { name: err.name, message: title, details: description });
    toast?.(title, description);
  }
}

/** The HTTP status an app's error carries (a tRPC client error's `data.httpStatus`), if any. */
function httpStatusOf(error: unknown): number | undefined {
  const data = (error as { data?: { httpStatus?: unknown } } | null)?.data;
  return typeof data?.httpStatus === "number" ? data.httpStatus : undefined;
}
