// What the viewer knows of the file it shows: its PDF page count, its image's own size, whether a large file was
// asked for and whether it failed. Each file starts afresh.
import { opensOnRequest, previewKind } from "@atelier/domain";
import { useCallback, useState } from "react";
import type { ViewedFile } from "./types";

export function useFileView(file: ViewedFile) {
  const kind = previewKind(file);
  const [pages, setPages] = useState(0);
  const [requested, setRequested] = useState(false);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  // Each file opens as its thumbnail when large: reset while rendering, before its image can load.
  const [shownId, setShownId] = useState(file.id);
  if (shownId !== file.id) {
    setShownId(file.id);
    setPages(0);
    setRequested(false);
    setNatural(null);
    setFailed(null);
  }

  const heldBack = opensOnRequest(file) && !requested;
  const onPdfError = useCallback((message: string) => setFailed(message), []);
  return {
    kind,
    pages,
    setPages,
    natural,
    setNatural,
    failed,
    setFailed,
    onPdfError,
    /** A large file waiting to be asked for: its thumbnail (or icon) shows meanwhile. */
    heldBack,
    request: () => setRequested(true),
    /** The file itself is shown (not a thumbnail, a download card or an error). */
    showsFile: kind !== "other" && !failed && file.downloadUrl !== null && !heldBack,
  };
}
