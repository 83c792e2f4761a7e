import { formatBytes } from "~/components/common/format";
import type { ViewedFile } from "./types";

/** The file's type as people know it: its MIME type, else its extension. */
export function describeType(file: ViewedFile): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1];
  return file.type && file.type !== "application/octet-stream" ? file.type : ext ? `${ext.toUpperCase()} file` : "File";
}

/** The line under the file's name: its place in the list, size and type. */
export function fileDetails(file: ViewedFile, index: number, count: number): string {
  return [count > 1 ? `File ${index + 1} of ${count}` : null, formatBytes(file.size), describeType(file)].filter(Boolean).join(" · ");
}
