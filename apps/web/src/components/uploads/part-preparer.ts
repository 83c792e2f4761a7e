// One worker per page prepares the parts of every upload (see part-worker.ts), started with the first part.
import { type PartPreparer, workerPartPreparer } from "@atelier/upload-engine";

let preparer: PartPreparer | undefined;

function startWorker(): Worker {
  return new Worker(new URL("./part-worker.ts", import.meta.url), { type: "module" });
}

/** Web Crypto is needed in the worker as on the page: without it (or without workers) parts are prepared here. */
export function workerPreparer(): PartPreparer | undefined {
  if (typeof Worker === "undefined" || !globalThis.crypto?.subtle) return undefined;
  return (part) => {
    preparer ??= workerPartPreparer(startWorker(), crypto.subtle);
    return preparer(part);
  };
}
