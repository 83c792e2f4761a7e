// The avatar picker's worker: compresses a picked photo to its target with browser-image-compression, off the
// page's main thread (the library runs its own code directly when it finds itself in a worker).
import type { CompressionTarget } from "@atelier/upload-engine";
import imageCompression from "browser-image-compression";

interface CompressRequest {
  readonly file: File;
  readonly target: CompressionTarget;
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage(message: { blob: Blob } | { error: string }): void;
};

scope.onmessage = async ({ data: { file, target } }) => {
  try {
    const blob = await imageCompression(file, {
      maxSizeMB: target.maxBytes / (1024 * 1024),
      maxWidthOrHeight: target.maxWidthOrHeight,
      fileType: target.type,
      useWebWorker: false,
    });
    scope.postMessage({ blob });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
