// What every file in the upload dialog's Uppy carries: its meta (name, type, caption) and, once stored, its body.
// Shared by the uploader, the brand library and the manager, so none of them imports another for its types.
import type { UploadedFile } from "./services";

export type FileMeta = { name: string; type?: string; caption?: string } & Record<string, unknown>;
export type FileBody = UploadedFile & Record<string, unknown>;
