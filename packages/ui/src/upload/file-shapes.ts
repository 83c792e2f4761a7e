// What every file in the upload dialog's Uppy carries: its meta (name, type, caption) and, once stored, its body.
// Shared by the uploader, the brand library and the manager, so none of them imports another for its types or for
// telling a brand asset apart.
import type { UppyFile } from "@uppy/core";
import type { UploadedFile } from "./services";

export type FileMeta = { name: string; type?: string; caption?: string } & Record<string, unknown>;
export type FileBody = UploadedFile & Record<string, unknown>;

/** The meta a file picked from the brand library carries: the asset's id (it is attached, not uploaded). */
export const ASSET_META = "brandAssetId";

/**
 * Whether a file of the dialog comes from the brand library. Here, not beside the library's panel, so the uploads tray
 * that asks it brings no Uppy plugin along.
 */
export function isBrandAssetFile(file: UppyFile<FileMeta, FileBody>): boolean {
  return typeof file.meta[ASSET_META] === "string";
}
