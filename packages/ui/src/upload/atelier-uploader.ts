// The Uppy uploader plugin: Uppy is the widget, the transfer is the upload engine's (assets) or a signed storage upload (avatars).

import type { ImageBucket } from "@atelier/domain";
import { messages, previewKind } from "@atelier/domain";
import {
  AVATAR_IMAGE,
  assetPath,
  avatarPath,
  BLUR_IMAGE,
  canThumbnail,
  createUploader,
  fromBlob,
  publicObjectUrl,
  type ResumeInput,
  THUMBNAIL_IMAGE,
  type UploadError,
} from "@atelier/upload-engine";
import { BasePlugin, type PluginOpts, type Uppy, type UppyFile } from "@uppy/core";
import { isBrandAssetFile } from "./brand-library";
import type { FileBody, FileMeta } from "./file-shapes";
import type { UploadPurpose, UploadServices } from "./services";
import { createTicketKeeper, isTicketExpired } from "./ticket-keeper";

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

  constructor(uppy: Uppy<FileMeta, FileBody>, opts: AtelierUploaderOptions) {
    super(uppy, opts);
    this.id = opts.id ?? "AtelierUploader";
    this.type = "uploader";
  }

  override install(): void {
    this.uppy.addUploader(this.handleUpload);
    this.uppy.on("cancel-all", this.abortAll);
  }

  override uninstall(): void {
    this.uppy.removeUploader(this.handleUpload);
    this.uppy.off("cancel-all", this.abortAll);
    this.abortAll();
  }

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
      const image = await services.resizeImage(file.data as Blob, AVATAR_IMAGE);
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
    const outcomes = await uploader.upload(
      files.map((file) => ({
        source: fromBlob(file.data as Blob, file.name ?? "file"),
        urlPath: assetPath(access.folder, file.name ?? "file"),
        resume: this.resumes.get(file.id),
      })),
      {
        signal,
        onProgress: (p) => {
          const file = files[p.fileIndex];
          if (file)
            this.uppy.emit("upload-progress", this.uppy.getFile(file.id), {
              uploadStarted: started,
              bytesUploaded: p.bytesSent,
              bytesTotal: p.bytesTotal,
            });
        },
        // 'Remaining Retries' belongs to parts of a chunked file; a balancer with no server is told once, below.
        onAttemptError: (error) => {
          if (error.parts > 1 && !error.isNoServers && !ticketEnded(error)) toast(error.title, error.description);
        },
      },
    );
    for (const outcome of outcomes) {
      const file = files[outcome.fileIndex];
      if (!file) continue;
      if (outcome.ok) {
        this.resumes.delete(file.id);
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
