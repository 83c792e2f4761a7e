// The uploader: runs a batch of files fileConcurrency at a time and answers one outcome per file.
import pLimit from "p-limit";
import { encodeBase64Into } from "../base64";
import { fileConcurrency, partConcurrency } from "../concurrency";
import { createAbortScope, timerSleep } from "./abort-scope";
import { createRuntime } from "./runtime";
import type { Uploader, UploaderOptions } from "./types";
import { uploadFile } from "./upload-file";

export function createUploader(options: UploaderOptions): Uploader {
  return {
    async upload(files, uploadOptions = {}) {
      const scope = createAbortScope(uploadOptions.signal);
      const runtime = createRuntime({
        balancerUrl: options.balancerUrl,
        fetch: options.fetch,
        sleep: options.sleep ?? timerSleep,
        sha256: options.sha256,
        base64: options.base64 ?? encodeBase64Into,
        preparePart: options.preparePart,
        headers: options.headers,
        scope,
        partConcurrency: partConcurrency(files.length),
        binaryParts: options.binaryParts ?? true,
        fileConcurrency: fileConcurrency(files.length),
        reuseBodies: options.reuseBodies ?? false,
        progressListeners: [options.onProgress, uploadOptions.onProgress],
        attemptListeners: [options.onAttemptError, uploadOptions.onAttemptError],
      });
      const limit = pLimit(fileConcurrency(files.length));
      try {
        // Queued files start only after a slot frees; once aborted they answer at once.
        return await Promise.all(files.map((file, fileIndex) => limit(() => uploadFile(runtime, fileIndex, file))));
      } finally {
        scope.close();
      }
    },
  };
}
