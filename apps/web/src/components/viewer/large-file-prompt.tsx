import { Button } from "@atelier/ui";
import { Download, FileIcon } from "lucide-react";
import { formatBytes } from "~/components/common/format";
import type { ViewedFile } from "./types";

/** A large image or PDF, held back until asked for: its preview when it has one, and a button to open it. */
export function LargeFilePrompt({
  file,
  kind,
  downloadUrl,
  onOpen,
}: {
  file: ViewedFile;
  kind: "image" | "pdf";
  downloadUrl: string;
  onOpen: () => void;
}) {
  const hasThumbnail = Boolean(file.thumbnail && !file.thumbnail.startsWith("/"));
  return (
    <div className="m-auto grid max-w-sm gap-3 p-4 text-center" data-testid={kind === "image" ? "large-image" : "large-pdf"}>
      {hasThumbnail ? (
        <img src={file.thumbnail} alt={`Preview of ${file.name}`} className="mx-auto w-full max-w-[300px] rounded-md bg-muted" />
      ) : (
        <FileIcon className="mx-auto size-10 text-muted-foreground" aria-hidden />
      )}
      <p className="text-sm text-muted-foreground">
        {kind === "pdf"
          ? "This PDF is large: opening it reads the parts its pages need, which can still be a lot."
          : hasThumbnail
            ? "A preview: the full image is large."
            : "This image is large: it has no small preview."}
      </p>
      <Button className="mx-auto h-11" onClick={onOpen}>
        {kind === "pdf" ? "Open the PDF" : "Load full resolution"} ({formatBytes(file.size)})
      </Button>
      <Button asChild variant="outline" className="mx-auto h-11">
        <a href={downloadUrl} download={file.name}>
          <Download className="size-4" aria-hidden /> Download
        </a>
      </Button>
    </div>
  );
}
