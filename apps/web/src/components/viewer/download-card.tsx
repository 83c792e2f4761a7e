import { Button } from "@atelier/ui";
import { Download, FileIcon } from "lucide-react";
import { formatBytes } from "~/components/common/format";
import { describeType } from "./file-details";
import type { ViewedFile } from "./types";

/** What the browser cannot show: the file's name, size and type, and a way to download it. */
export function DownloadCard({ file, reason }: { file: ViewedFile; reason: string }) {
  return (
    <div className="m-auto grid w-full max-w-sm gap-3 rounded-lg border bg-background p-6 text-center" data-testid="download-card">
      <FileIcon className="mx-auto size-10 text-muted-foreground" aria-hidden />
      <p className="break-all font-medium">{file.name}</p>
      <p className="text-sm text-muted-foreground" data-testid="download-card-details">
        {[formatBytes(file.size), describeType(file)].filter(Boolean).join(" · ")}
      </p>
      <p className="text-sm text-muted-foreground">{reason}</p>
      {file.downloadUrl ? (
        <Button asChild className="mx-auto h-11">
          <a href={file.downloadUrl} download={file.name}>
            <Download className="size-4" aria-hidden /> Download
          </a>
        </Button>
      ) : (
        <p className="text-sm text-destructive-text">The file store does not answer right now: try again in a moment.</p>
      )}
    </div>
  );
}
