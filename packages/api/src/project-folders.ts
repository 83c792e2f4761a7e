// Where a project's files of one kind live on the upload servers: the one folder its tickets and files may use.
import { assetFolderInput, type FileKind } from "@atelier/domain";
import { assetFolder, storedFilePath } from "@atelier/upload-engine";

export function projectFolder(
  kind: FileKind,
  project: { id: string; name: string; event: string; businessId: string; businessName: string },
): string {
  return assetFolder(assetFolderInput(kind, { id: project.businessId, name: project.businessName }, project));
}

// The characters an upload server keeps in a stored name (it replaces every other one): a name
// made only of these is written one way, so equal keys mean the same stored file.
const STORED_NAME = /^[A-Za-z0-9._\-~()+,=@]+$/;

/**
 * The object key (the path in the upload store) that an upload server's answer URL (…/files/{path})
 * names, when that file lies directly in `folder`; otherwise null. Host, query and fragment play no
 * part, and the name must be written as the server stores it, so two spellings of one file give one key.
 */
export function fileKeyInFolder(url: string, folder: string): string | null {
  const path = storedFilePath(new URL(url).pathname);
  if (path === null) return null;
  const segments = path.split("/");
  let name: string;
  try {
    name = decodeURIComponent(segments.pop() ?? "");
  } catch {
    return null;
  }
  if (segments.join("/") !== folder || !STORED_NAME.test(name) || name === "." || name === "..") return null;
  return `${folder}/${name}`;
}
