// Compresses a picked photo in a worker of its own (see image-worker.ts), started for the one photo and ended after.
import type { CompressionTarget } from "@atelier/upload-engine";

/**
 * The compressed photo, or the photo as picked when this browser has no workers or the worker cannot read it: the
 * exact crop that follows reads either.
 */
export async function compressImage(file: Blob, target: CompressionTarget): Promise<Blob> {
  if (typeof Worker === "undefined") return file;
  const worker = new Worker(new URL("./image-worker.ts", import.meta.url), { type: "module" });
  try {
    const answer = await new Promise<{ blob?: Blob; error?: string }>((resolve) => {
      worker.onmessage = (event: MessageEvent<{ blob?: Blob; error?: string }>) => resolve(event.data);
      worker.onerror = (event) => resolve({ error: event.message || "The image worker failed" });
      // The library wants a File (it keeps the name); a Blob from the dialog may not be one.
      const picked = file instanceof File ? file : new File([file], "photo", { type: file.type });
      worker.postMessage({ file: picked, target });
    });
    return answer.blob ?? file;
  } finally {
    worker.terminate();
  }
}
