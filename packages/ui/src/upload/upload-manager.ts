// Uploads belong to the application, not to one dialog: the manager keeps every dialog's Uppy alive while its
// files are on their way, whatever happens to the dialog, and tells the tray how each file is doing.
import { addSample, type SentSample, secondsLeft } from "@atelier/upload-engine";
import type { Uppy, UppyFile } from "@uppy/core";
import { type FileBody, type FileMeta, isBrandAssetFile } from "./file-shapes";

type AnyUppy = Uppy<FileMeta, FileBody>;
type AnyFile = UppyFile<FileMeta, FileBody>;

type TrayFileStatus = "uploading" | "done" | "failed";

/** One file as the tray shows it. */
export interface TrayFile {
  /** Unique across dialogs. */
  readonly key: string;
  readonly name: string;
  readonly status: TrayFileStatus;
  readonly bytesSent: number;
  readonly bytesTotal: number;
  /** Undefined while the rate is not yet known. */
  readonly secondsLeft: number | undefined;
  /** Why it failed, in the words of docs/upload-protocol.md, "The upload dialog and its messages". */
  readonly error?: string | undefined;
  /** A brand asset attached by reference: nothing is sent. */
  readonly fromLibrary?: boolean;
}

interface Session {
  readonly uppy: AnyUppy;
  /** The dialog that made it is gone: the session ends once nothing is left to upload or retry. */
  detached: boolean;
  readonly off: () => void;
}

interface FileRecord {
  sessionId: number;
  fileId: string;
  name: string;
  status: TrayFileStatus;
  bytesSent: number;
  bytesTotal: number;
  samples: SentSample[];
  error?: string | undefined;
  fromLibrary: boolean;
}

export interface UploadManagerOptions {
  /** A steady clock in milliseconds, for the time left. */
  now?: () => number;
}

export class UploadManager {
  private readonly sessions = new Map<number, Session>();
  private readonly files = new Map<string, FileRecord>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly TrayFile[] = [];
  private nextId = 1;
  private readonly now: () => number;
  private unloadGuard = false;

  constructor(options: UploadManagerOptions = {}) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Takes care of a dialog's Uppy from now on; answers the id to `release` it with. */
  adopt(uppy: AnyUppy): number {
    const id = this.nextId++;
    const key = (file: AnyFile | undefined) => (file ? `${id}:${file.id}` : "");
    const onStart = (files: AnyFile[]) => {
      for (const file of files) {
        this.files.set(key(file), {
          sessionId: id,
          fileId: file.id,
          name: file.name ?? "file",
          status: "uploading",
          bytesSent: 0,
          bytesTotal: file.size ?? 0,
          samples: [{ at: this.now(), bytes: 0 }],
          fromLibrary: isBrandAssetFile(file),
        });
      }
      this.changed();
    };
    const onProgress = (file: AnyFile | undefined, progress: { bytesUploaded: number | false; bytesTotal: number | null }) => {
      const record = this.files.get(key(file));
      if (record?.status !== "uploading" || typeof progress.bytesUploaded !== "number") return;
      record.bytesSent = progress.bytesUploaded;
      if (progress.bytesTotal) record.bytesTotal = progress.bytesTotal;
      record.samples = addSample(record.samples, { at: this.now(), bytes: record.bytesSent });
      this.changed();
    };
    const onSuccess = (file: AnyFile | undefined) => {
      const record = this.files.get(key(file));
      if (!record) return;
      record.status = "done";
      record.bytesSent = record.bytesTotal;
      record.error = undefined;
      this.changed();
    };
    const onError = (file: AnyFile | undefined, error: { message: string; details?: string }) => {
      const record = this.files.get(key(file));
      if (!record) return;
      record.status = "failed";
      record.error = error.details ? `${error.message} ${error.details}` : error.message;
      this.changed();
    };
    const onRemoved = (file: AnyFile) => {
      const record = this.files.get(key(file));
      // A finished file stays listed after the dialog clears it; any other one is gone with it.
      if (record && record.status !== "done") this.files.delete(key(file));
      this.changed();
      this.settle(id);
    };
    const onComplete = () => this.settle(id);
    uppy.on("upload-start", onStart);
    uppy.on("upload-progress", onProgress);
    uppy.on("upload-success", onSuccess);
    uppy.on("upload-error", onError);
    uppy.on("file-removed", onRemoved);
    uppy.on("complete", onComplete);
    const off = () => {
      uppy.off("upload-start", onStart);
      uppy.off("upload-progress", onProgress);
      uppy.off("upload-success", onSuccess);
      uppy.off("upload-error", onError);
      uppy.off("file-removed", onRemoved);
      uppy.off("complete", onComplete);
    };
    this.sessions.set(id, { uppy, detached: false, off });
    this.guardUnload();
    return id;
  }

  /** The dialog is going away: uploads in flight, and failed files to retry, keep the session; otherwise it ends now. */
  release(id: number): void {
    const session = this.sessions.get(id);
    if (!session) return;
    session.detached = true;
    this.settle(id);
  }

  /** True while any file is on its way: a real page unload would lose it. */
  isUploading(): boolean {
    for (const { uppy } of this.sessions.values()) if (hasActiveUploads(uppy)) return true;
    return false;
  }

  retry(key: string): void {
    const found = this.lookup(key);
    if (found) void found.uppy.retryUpload(found.record.fileId).catch(() => undefined);
  }

  /** Drops a failed file: it is not uploaded, and the files that succeeded stay attached. */
  drop(key: string): void {
    const found = this.lookup(key);
    if (!found) return;
    this.files.delete(key);
    if (found.uppy.getFile(found.record.fileId)) found.uppy.removeFile(found.record.fileId);
    this.changed();
    this.settle(found.record.sessionId);
  }

  /** Forgets the finished files the tray lists. */
  dismissFinished(): void {
    for (const [key, record] of this.files) if (record.status === "done") this.files.delete(key);
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly TrayFile[] => this.snapshot;

  private lookup(key: string): { record: FileRecord; uppy: AnyUppy } | undefined {
    const record = this.files.get(key);
    const uppy = record ? this.sessions.get(record.sessionId)?.uppy : undefined;
    return record && uppy ? { record, uppy } : undefined;
  }

  /** Ends a released session once it has nothing left to upload or retry. */
  private settle(id: number): void {
    const session = this.sessions.get(id);
    if (!session?.detached) return;
    // Files picked but never sent go with the dialog; those sent and not yet done keep it.
    const pending = Object.values(session.uppy.getState().files).some(
      (f) => f.progress.uploadStarted && (!f.progress.uploadComplete || f.error),
    );
    if (pending) return;
    this.sessions.delete(id);
    session.off();
    // Not from inside one of its own event handlers.
    queueMicrotask(() => session.uppy.destroy());
  }

  private changed(): void {
    this.snapshot = [...this.files].map(([key, r]) => ({
      key,
      name: r.name,
      status: r.status,
      bytesSent: r.bytesSent,
      bytesTotal: r.bytesTotal,
      secondsLeft: r.status === "uploading" ? secondsLeft(r.samples, r.bytesTotal) : undefined,
      error: r.error,
      ...(r.fromLibrary ? { fromLibrary: true } : {}),
    }));
    for (const listener of this.listeners) listener();
  }

  private guardUnload(): void {
    if (this.unloadGuard || typeof window === "undefined") return;
    this.unloadGuard = true;
    window.addEventListener("beforeunload", (event) => {
      if (this.isUploading()) event.preventDefault();
    });
  }
}

function hasActiveUploads(uppy: AnyUppy): boolean {
  return Object.values(uppy.getState().files).some((f) => f.progress.uploadStarted && !f.progress.uploadComplete && !f.error);
}

/** The application's one manager: every upload dialog hands its uploads to it unless given another. */
export const uploadManager = new UploadManager();
