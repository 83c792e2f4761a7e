"use client";
// The upload dialog: Uppy's Dashboard as a modal, shown by the parent's flag, with our uploader behind it.
import { messages } from "@atelier/domain";
import { ASSET_RESTRICTIONS, AVATAR_RESTRICTIONS, type StatusLabel, statusLabel } from "@atelier/upload-engine";
import Uppy, { type State } from "@uppy/core";
import Dashboard from "@uppy/dashboard";
import ImageEditor from "@uppy/image-editor";
import { useEffect, useRef, useState } from "react";
import { toast } from "../hooks/use-toast";
import { TOAST_DURATION_MS } from "../settings";
import { AtelierUploader } from "./atelier-uploader";
import { BrandLibrary, type BrandLibrarySource } from "./brand-library";
import type { FileBody, FileMeta } from "./file-shapes";
import type { UploadedFile, UploadPurpose, UploadServices } from "./services";
import { UnfinishedUploadsPanel } from "./unfinished-notice";
import { type UploadManager, uploadManager } from "./upload-manager";

interface MetaFieldSpec {
  id: string;
  name: string;
  placeholder?: string;
}

export interface UploadDialogProps {
  /** Shown while true; every way of closing calls setModal(false). */
  open: boolean;
  setModal: (open: boolean) => void;
  /**
   * Receives the files that uploaded, once a batch has finished: those that succeeded even when another failed
   * (that one waits to be retried or dropped, and comes in a later call if it succeeds). Called even after the
   * dialog is gone: uploads keep going when it closes, changes purpose or the page changes.
   */
  setFiles: (files: UploadedFile[]) => void;
  purpose: UploadPurpose;
  services: UploadServices;
  /** Whether failures appear as toasts (the session decides). */
  showErrors?: boolean;
  /** The browser's back button closes the dialog. */
  closeOnBrowserBack?: boolean;
  metaFields?: MetaFieldSpec[];
  requiredMetaFields?: string[];
  note?: string;
  /** Who keeps the uploads once the dialog is gone; the application's one manager by default. */
  manager?: UploadManager;
  /**
   * A "Brand library" source tab: its assets are attached by reference when the batch uploads (not through
   * `setFiles`). Read when the dialog's Uppy is made (a new purpose makes a new one).
   */
  brandLibrary?: BrandLibrarySource;
}

const THUMBNAIL_WIDTH = { many: 280, single: 600 } as const;
const DEFAULT_META_FIELDS: MetaFieldSpec[] = [{ id: "name", name: "File name" }];
const noBrandLibrary: BrandLibrarySource = {
  list: async () => [],
  attach: async () => {
    throw new Error("The brand library is not available here.");
  },
};

/** The words the status area shows, from the upload engine's status label. */
function statusText(label: StatusLabel): string {
  switch (label.kind) {
    case "waiting":
      return label.files === 0 ? "Add files to upload" : `${label.files} file${label.files === 1 ? "" : "s"} selected`;
    case "processing":
      return label.stage === "pre" ? "Preparing…" : "Processing…";
    case "uploading":
      return "Uploading…";
    case "paused":
      return "Paused";
    case "complete":
      return "Complete";
    case "error":
      return "Some files failed: retry them, or remove them";
  }
}

function statusOf(state: State<FileMeta, FileBody>): StatusLabel {
  return statusLabel({
    files: Object.values(state.files).map((f) => ({
      started: Boolean(f.progress.uploadStarted),
      complete: Boolean(f.progress.uploadComplete),
      failed: Boolean(f.error),
      paused: Boolean(f.isPaused),
      processing: f.progress.preprocess ? "pre" : f.progress.postprocess ? "post" : undefined,
    })),
    error: Boolean(state.error),
  });
}

/**
 * Builds the dialog's Uppy: restrictions by purpose, the modal Dashboard, the image editor and our uploader.
 * `latest` reads the component's current props, so callbacks never go stale.
 */
export function createUploadUppy(latest: () => UploadDialogProps): Uppy<FileMeta, FileBody> {
  const p = latest();
  const { purpose } = p;
  const avatar = purpose.type === "avatar";
  const restrictions = avatar ? AVATAR_RESTRICTIONS : ASSET_RESTRICTIONS;
  const metaFields = p.metaFields ?? DEFAULT_META_FIELDS;
  const instance = new Uppy<FileMeta, FileBody>({
    id: `upload-${purpose.type}`,
    autoProceed: false,
    restrictions: {
      maxNumberOfFiles: restrictions.maxFiles,
      maxFileSize: restrictions.maxFileSize,
      allowedFileTypes: restrictions.allowedTypes ? [...restrictions.allowedTypes] : null,
      requiredMetaFields: p.requiredMetaFields ?? [],
    },
  });
  const onError = (title: string, description: string) => {
    if (latest().showErrors !== false) toast({ variant: "destructive", title, description });
  };
  instance
    .use(Dashboard<FileMeta, FileBody>, {
      inline: false,
      target: "body",
      trigger: null,
      thumbnailWidth: THUMBNAIL_WIDTH.many,
      proudlyDisplayPoweredByUppy: false,
      // Its time left is re-estimated on every repaint and swings wildly; the tray's comes from the recent rate.
      hideProgressDetails: true,
      closeModalOnClickOutside: true,
      closeAfterFinish: false,
      browserBackButtonClose: Boolean(p.closeOnBrowserBack),
      fileManagerSelectionType: avatar ? "files" : "both",
      metaFields: metaFields.map((f) => ({ id: f.id, name: f.name, ...(f.placeholder ? { placeholder: f.placeholder } : {}) })),
      note: p.note ?? null,
      onRequestCloseModal: () => latest().setModal(false),
    })
    .use(ImageEditor<FileMeta, FileBody>, {})
    .use(AtelierUploader, { purpose, services: p.services, onError });
  // Uploads a reload or a crash left unfinished here: what is missing, and why the file must be chosen again.
  if (p.services.unfinishedScope && !avatar) {
    instance.use(UnfinishedUploadsPanel, { target: Dashboard, scope: p.services.unfinishedScope });
  }
  if (p.brandLibrary && !avatar) {
    // Through `latest`, like the rest: the host's callbacks may change while the dialog lives.
    const source: BrandLibrarySource = {
      list: () => (latest().brandLibrary ?? noBrandLibrary).list(),
      attach: (ids) => (latest().brandLibrary ?? noBrandLibrary).attach(ids),
      ...(p.brandLibrary.libraryHref ? { libraryHref: p.brandLibrary.libraryHref } : {}),
    };
    instance.use(BrandLibrary, { source, destination: p.note, onError });
  }

  // The back button closes the modal without asking; the parent's flag must follow.
  const onModalClosed = () => {
    if (latest().open) latest().setModal(false);
  };
  // Dashboard's own events are not in core's event map.
  (instance as unknown as { on(event: string, fn: () => void): void }).on("dashboard:modal-closed", onModalClosed);
  // One file gets a larger preview than a grid of many.
  instance.on("files-added", () => {
    const single = Object.keys(instance.getState().files).length === 1;
    instance
      .getPlugin<Dashboard<FileMeta, FileBody>>("Dashboard")
      ?.setOptions({ thumbnailWidth: single ? THUMBNAIL_WIDTH.single : THUMBNAIL_WIDTH.many });
  });
  // Uppy's own words do not name the fields; ours do (docs/upload-protocol.md, "The upload dialog and its messages").
  instance.on("restriction-failed", (file) => {
    const missing = (p.requiredMetaFields ?? []).filter((id) => !file?.meta[id]);
    if (!file || missing.length === 0) return;
    const names = missing.map((id) => metaFields.find((f) => f.id === id)?.name ?? id);
    instance.info(messages.missingMetaFields(names), "error", TOAST_DURATION_MS);
  });
  // Successes add up across retries; the parent hears of each batch's successes, even when another file failed.
  const done = new Map<string, UploadedFile>();
  const attached = new Set<string>();
  instance.on("upload-success", (file, response) => {
    const body = response.body;
    if (!file || !body) return;
    // A brand asset is on the project already, attached by reference: nothing to hand over.
    if (body.brandAsset === true) {
      attached.add(file.id);
      return;
    }
    const { id, url, thumbnail, blur, name, size, type, sha256 } = body;
    done.set(file.id, { id, url, thumbnail, blur, ...(name !== undefined ? { name, size, type } : {}), ...(sha256 ? { sha256 } : {}) });
  });
  // Once every file is uploaded and attached, or dropped, the dialog starts empty again and closes.
  const finishIfSettled = () => {
    const files = Object.values(instance.getState().files);
    if (files.length === 0 || files.some((f) => f.error || !f.progress.uploadComplete || !attached.has(f.id))) return;
    done.clear();
    attached.clear();
    instance.clear();
    latest().setModal(false);
  };
  const attachFinished = () => {
    const files = Object.values(instance.getState().files);
    // Only once nothing of the batch is still on its way.
    if (files.some((f) => f.progress.uploadStarted && !f.progress.uploadComplete && !f.error)) return;
    const fresh = files.filter((f) => !f.error && done.has(f.id) && !attached.has(f.id));
    if (fresh.length > 0) {
      for (const f of fresh) attached.add(f.id);
      latest().setFiles(fresh.map((f) => done.get(f.id)).filter((f): f is UploadedFile => Boolean(f)));
    }
    finishIfSettled();
  };
  instance.on("complete", attachFinished);
  // Retrying one file (the dashboard's or the tray's button) ends without a 'complete' event: attach once it settles.
  const retryUpload = instance.retryUpload.bind(instance);
  instance.retryUpload = async (fileID) => {
    const result = await retryUpload(fileID);
    attachFinished();
    return result;
  };
  instance.on("file-removed", (file) => {
    done.delete(file.id);
    attached.delete(file.id);
    // Dropping the last failed file leaves only attached ones: nothing more to do.
    queueMicrotask(finishIfSettled);
  });
  const updateStatus = () =>
    instance
      .getPlugin<Dashboard<FileMeta, FileBody>>("Dashboard")
      ?.setOptions({ note: `${statusText(statusOf(instance.getState()))}${latest().note ? ` · ${latest().note}` : ""}` });
  instance.on("state-update", (prev, next) => {
    if (prev.files !== next.files || prev.error !== next.error) queueMicrotask(updateStatus);
  });
  return instance;
}

export function UploadDialog(props: UploadDialogProps) {
  const { open, purpose } = props;
  const manager = props.manager ?? uploadManager;
  const latest = useRef(props);
  latest.current = props;
  const [uppy, setUppy] = useState<Uppy<FileMeta, FileBody> | null>(null);
  const purposeKey = JSON.stringify(purpose);

  // A new purpose gets a new Uppy: the instance reads the rest of the props through `latest`. The old one goes
  // to the manager, which keeps it until its uploads are done (they still reach the old parent's setFiles).
  // biome-ignore lint/correctness/useExhaustiveDependencies: purposeKey stands for `purpose`, compared by value
  useEffect(() => {
    const instance = createUploadUppy(() => latest.current);
    const session = manager.adopt(instance);
    setUppy(instance);
    return () => {
      const dashboard = instance.getPlugin<Dashboard<FileMeta, FileBody>>("Dashboard");
      if (dashboard?.isModalOpen()) dashboard.closeModal({ manualClose: false });
      manager.release(session);
      setUppy(null);
    };
  }, [purposeKey, manager]);

  useEffect(() => {
    const dashboard = uppy?.getPlugin<Dashboard<FileMeta, FileBody>>("Dashboard");
    if (!dashboard) return;
    if (open && !dashboard.isModalOpen()) {
      // The dialog follows the app's theme (a class on <html>), not only the system's.
      dashboard.setOptions({ theme: document.documentElement.classList.contains("dark") ? "dark" : "light" });
      void dashboard.openModal();
    }
    if (!open && dashboard.isModalOpen()) dashboard.closeModal();
  }, [open, uppy]);

  // Uppy's modal has no name, and holding one file it marks that file a list item outside any list: both are put
  // right on its elements while it is shown, for assistive technology.
  useEffect(() => {
    const root = uppy?.getPlugin<Dashboard<FileMeta, FileBody>>("Dashboard")?.el;
    if (!open || !root) return;
    const repair = () => {
      root.querySelector('.uppy-Dashboard-inner[role="dialog"]:not([aria-label])')?.setAttribute("aria-label", "Upload files");
      for (const list of root.querySelectorAll(".uppy-Dashboard-files:not([role])")) list.setAttribute("role", "list");
    };
    repair();
    const observer = new MutationObserver(repair);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open, uppy]);

  return null;
}
