// Public URL of an object in the signed-upload storage service (SPEC section 7, step 4).

export function publicObjectUrl(storageBase: string, bucket: string, path: string): string {
  const base = storageBase.replace(/\/+$/, "");
  const encodedPath = path
    .split("/")
    .filter((segment) => segment !== "")
    .map(encodeURIComponent)
    .join("/");
  return `${base}/storage/v1/object/public/${encodeURIComponent(bucket)}/${encodedPath}`;
}
