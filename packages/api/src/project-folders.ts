// Where a project's files of one kind live on the upload servers: the one folder its tickets and files may use.
import { assetFolderInput, type FileKind } from "@atelier/domain";
import { assetFolder } from "@atelier/upload-engine";

export function projectFolder(kind: FileKind, project: { name: string; event: string; businessName: string }): string {
  return assetFolder(assetFolderInput(kind, { name: project.businessName }, project));
}

/** Whether an upload server's file URL (…/files/{path}) lies in `folder`. */
export function isFileInFolder(url: string, folder: string): boolean {
  const { pathname } = new URL(url);
  if (!pathname.startsWith("/files/")) return false;
  try {
    const path = pathname.slice("/files/".length).split("/").map(decodeURIComponent);
    const segments = folder.split("/");
    return (
      path.length === segments.length + 1 &&
      segments.every((s, i) => path[i] === s) &&
      !path.some((s) => s === "" || s === "." || s === "..")
    );
  } catch {
    return false;
  }
}
