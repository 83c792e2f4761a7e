// Public URL of an object in the signed-upload storage service (docs/upload-protocol.md, "Images for the app itself").

export function publicObjectUrl(storageBase: string, bucket: string, path: string): string {
  const base = storageBase.replace(/\/+$/, "");
  const encodedPath = path
    .split("/")
    .filter((segment) => segment !== "")
    .map(encodeURIComponent)
    .join("/");
  return `${base}/storage/v1/object/public/${encodeURIComponent(bucket)}/${encodedPath}`;
}
