"use client";
// The upload tray's card: every file on its way, its progress, retry and drop. Loaded with the first upload
// (upload-tray.tsx).
import { prettierBytes } from "@transloadit/prettier-bytes";
import { CheckCircle2, RotateCcw, X, XCircle } from "lucide-react";
import { Tooltip } from "../components/tooltip";
import { cn } from "../lib/cn";
import type { TrayFile, UploadManager } from "./upload-manager";

/** "about 1 min 20 s left", or nothing while the rate is unknown. */
function timeLeftText(seconds: number | undefined): string {
  if (seconds === undefined) return "estimating time left";
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `about ${minutes} min ${seconds % 60} s left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

function percent(file: TrayFile): number {
  if (file.status === "done" || file.bytesTotal === 0) return file.status === "done" ? 100 : 0;
  return Math.floor((100 * file.bytesSent) / file.bytesTotal);
}

function TrayRow({ file, manager }: { file: TrayFile; manager: UploadManager }) {
  const value = percent(file);
  return (
    <li className="grid gap-1 py-2" data-testid="upload-tray-file" data-status={file.status}>
      <div className="flex min-w-0 items-center gap-2">
        {file.status === "done" && <CheckCircle2 className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />}
        {file.status === "failed" && <XCircle className="size-4 shrink-0 text-destructive-text" aria-hidden />}
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={file.name}>
          {file.name}
        </span>
        {file.status === "failed" && (
          <span className="flex shrink-0">
            <Tooltip content="Retry">
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
                onClick={() => manager.retry(file.key)}
                aria-label={`Retry ${file.name}`}
              >
                <RotateCcw className="size-4" aria-hidden />
              </button>
            </Tooltip>
            <Tooltip content="Drop this file">
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-destructive-text"
                onClick={() => manager.drop(file.key)}
                aria-label={`Drop ${file.name}`}
              >
                <X className="size-4" aria-hidden />
              </button>
            </Tooltip>
          </span>
        )}
      </div>
      {file.status !== "failed" && (
        <div
          role="progressbar"
          aria-label={`${file.name} upload`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              "h-full rounded-full transition-[width]",
              file.status === "done" ? "bg-emerald-600 dark:bg-emerald-400" : "bg-primary",
            )}
            style={{ width: `${value}%` }}
          />
        </div>
      )}
      <p className={cn("text-xs break-words", file.status === "failed" ? "text-destructive-text" : "text-muted-foreground")}>
        {file.status === "uploading" &&
          (file.fromLibrary
            ? "Adding from the brand library…"
            : file.bytesSent >= file.bytesTotal
              ? // Sent, and attached with the rest of its batch once the others are through.
                `${prettierBytes(file.bytesTotal)} sent · finishing`
              : `${prettierBytes(file.bytesSent)} of ${prettierBytes(file.bytesTotal)} · ${timeLeftText(file.secondsLeft)}`)}
        {file.status === "done" && `${file.fromLibrary ? "Added from the brand library" : "Uploaded"} · ${prettierBytes(file.bytesTotal)}`}
        {file.status === "failed" && (file.error ?? "Upload failed")}
      </p>
    </li>
  );
}

export default function UploadTrayCard({
  files,
  manager,
  className,
}: {
  files: readonly TrayFile[];
  manager: UploadManager;
  className?: string | undefined;
}) {
  const uploading = files.filter((f) => f.status === "uploading").length;
  const failed = files.filter((f) => f.status === "failed").length;
  const title =
    uploading > 0
      ? `Uploading ${uploading} file${uploading === 1 ? "" : "s"}`
      : failed > 0
        ? `${failed} upload${failed === 1 ? "" : "s"} failed`
        : "Uploads finished";
  return (
    <section
      aria-label="Uploads"
      data-testid="upload-tray"
      className={cn(
        // Bottom-left from sm: up, clear of the toasts in the bottom-right corner (on phones they are at the top).
        "fixed right-2 bottom-2 z-40 w-[calc(100vw-1rem)] max-w-sm rounded-lg border bg-card text-card-foreground shadow-lg sm:right-auto sm:bottom-4 sm:left-4",
        className,
      )}
    >
      <header className="flex items-center justify-between gap-2 border-b py-1 pl-4 pr-1">
        <h2 className="text-sm font-semibold" aria-live="polite">
          {title}
        </h2>
        {uploading === 0 && failed === 0 && (
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
            onClick={() => manager.dismissFinished()}
            aria-label="Close the upload list"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </header>
      <ul className="max-h-64 overflow-y-auto px-4">
        {files.map((file) => (
          <TrayRow key={file.key} file={file} manager={manager} />
        ))}
      </ul>
    </section>
  );
}
