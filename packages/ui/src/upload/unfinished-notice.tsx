"use client";
// The unfinished uploads of one place, as people see them: in the upload dialog, and on the page that opens it.
import { prettierBytes } from "@transloadit/prettier-bytes";
import { UIPlugin, type UIPluginOptions, type Uppy } from "@uppy/core";
import { h } from "preact";
import { useSyncExternalStore } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Button } from "../components/button";
import { cn } from "../lib/cn";
import type { FileBody, FileMeta } from "./file-shapes";
import {
  bytesMissing,
  type FileIdentity,
  fileIdentity,
  type UnfinishedUpload,
  type UnfinishedUploads,
  unfinishedUploads,
} from "./unfinished-uploads";

const NONE: readonly UnfinishedUpload[] = [];

/** Why the person has to choose the file again, in the dialog's and the page's words. */
const CHOOSE_AGAIN_REASON =
  "Choose or drop the same file again to continue where it stopped. Browsers do not let a page reopen a file on its own, so it has to come from you; only the missing part is sent.";

export interface UnfinishedUploadsNoticeProps {
  scope: string;
  /** Files chosen again and waiting in the dialog: their rows say they will continue. */
  chosen?: readonly FileIdentity[];
  /** Opens the upload dialog, from a page. */
  onChoose?: (() => void) | undefined;
  store?: UnfinishedUploads;
  className?: string;
}

const isChosen = (upload: UnfinishedUpload, chosen: readonly FileIdentity[]) =>
  chosen.some((f) => f.name === upload.name && f.size === upload.size && f.lastModified === upload.lastModified);

/** Nothing when the scope has no unfinished upload. */
export function UnfinishedUploadsNotice({
  scope,
  chosen = [],
  onChoose,
  store = unfinishedUploads,
  className,
}: UnfinishedUploadsNoticeProps) {
  const uploads = useSyncExternalStore(
    store.subscribe,
    () => store.list(scope),
    () => NONE,
  );
  if (uploads.length === 0) return null;
  return (
    <section
      aria-label="Unfinished uploads"
      data-testid="unfinished-uploads"
      className={cn(
        "grid gap-2 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-left text-sm text-foreground dark:bg-amber-950/40",
        className,
      )}
    >
      <h3 className="font-semibold">{uploads.length === 1 ? "An upload did not finish" : `${uploads.length} uploads did not finish`}</h3>
      <p className="text-xs text-muted-foreground">{CHOOSE_AGAIN_REASON}</p>
      <ul className="grid max-h-40 gap-1 overflow-y-auto">
        {uploads.map((upload) => {
          const again = isChosen(upload, chosen);
          return (
            <li
              key={`${upload.name}\n${upload.size}\n${upload.lastModified}`}
              className="flex min-w-0 items-center gap-2"
              data-testid="unfinished-upload"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium" title={upload.name}>
                  {upload.name}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {again
                    ? `Chosen again: ${prettierBytes(bytesMissing(upload))} left to send`
                    : `${prettierBytes(upload.bytesHeld)} of ${prettierBytes(upload.size)} on the servers · ${prettierBytes(bytesMissing(upload))} missing`}
                </span>
              </span>
              {onChoose && !again && (
                <Button size="sm" variant="outline" className="min-h-11 shrink-0" onClick={onChoose}>
                  Choose file
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                className="min-h-11 shrink-0"
                onClick={() => store.forget(scope, upload)}
                aria-label={`Discard ${upload.name}`}
              >
                Discard
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export interface UnfinishedUploadsPanelOptions extends UIPluginOptions {
  scope: string;
  store?: UnfinishedUploads;
}

/** The notice inside the dialog, under its file list: a Dashboard progress-indicator slot with the kit's React in it. */
export class UnfinishedUploadsPanel extends UIPlugin<UnfinishedUploadsPanelOptions, FileMeta, FileBody> {
  private root: Root | null = null;
  private container: HTMLElement | null = null;

  constructor(uppy: Uppy<FileMeta, FileBody>, opts: UnfinishedUploadsPanelOptions) {
    super(uppy, opts);
    this.id = opts.id ?? "UnfinishedUploads";
    this.type = "progressindicator";
    this.render = this.render.bind(this);
  }

  override install(): void {
    if (this.opts.target) this.mount(this.opts.target, this);
    this.uppy.on("files-added", this.paint);
    this.uppy.on("file-removed", this.paint);
  }

  override uninstall(): void {
    this.uppy.off("files-added", this.paint);
    this.uppy.off("file-removed", this.paint);
    const root = this.root;
    this.root = null;
    this.container = null;
    if (root) queueMicrotask(() => root.unmount());
    this.unmount();
  }

  override render(): unknown {
    return h("div", { ref: this.setContainer, "data-unfinished-uploads": "" });
  }

  private readonly setContainer = (el: HTMLElement | null): void => {
    if (el === this.container) return;
    const old = this.root;
    if (old) queueMicrotask(() => old.unmount());
    this.root = null;
    this.container = el;
    if (!el) return;
    this.root = createRoot(el);
    this.paint();
  };

  private readonly paint = (): void => {
    const chosen = Object.values(this.uppy.getState().files).flatMap((file) => {
      const identity = fileIdentity(file.data);
      return identity ? [identity] : [];
    });
    this.root?.render(
      <UnfinishedUploadsNotice
        scope={this.opts.scope}
        chosen={chosen}
        {...(this.opts.store ? { store: this.opts.store } : {})}
        className="m-2"
      />,
    );
  };
}
