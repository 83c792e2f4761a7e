// Two pictures' changed regions (docs/compare.md): in a worker with an OffscreenCanvas where the browser has both,
// else on the main thread with the same rule. The pictures come as ImageBitmaps: decoded off the main thread too.
import { changedRegions, compareSize, type Region } from "@atelier/domain/image-compare";
import type { DifferencesAnswer, DifferencesRequest } from "./differences-worker";

/** Where the difference was worked out: shown on the count for whoever checks (data-engine). */
export type DifferenceEngine = "worker" | "main";

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, (answer: DifferencesAnswer) => void>();

function differencesWorker(): Worker | null {
  if (typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") return null;
  if (!worker) {
    worker = new Worker(new URL("./differences-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<DifferencesAnswer>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    };
    // A worker that failed to start answers every comparison waiting on it; the next one starts afresh.
    worker.onerror = () => {
      for (const [id, answer] of waiting) answer({ id, error: "The comparison could not run in the background." });
      waiting.clear();
      worker = null;
    };
  }
  return worker;
}

function onMainThread(before: ImageBitmap, after: ImageBitmap, width: number, height: number): Region[] {
  const read = (image: ImageBitmap) => {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("This browser cannot draw the pictures to compare them.");
    context.drawImage(image, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  };
  return changedRegions(read(before), read(after));
}

/**
 * The regions where `after` differs from `before`, both drawn at the size the earlier one sets (`compareSize`, or
 * `size` when the caller drew them already). The bitmaps are handed over: they cannot be used afterwards.
 */
export async function differences(
  before: ImageBitmap,
  after: ImageBitmap,
  size = compareSize({ width: before.width, height: before.height }),
): Promise<{ regions: Region[]; engine: DifferenceEngine }> {
  const target = differencesWorker();
  if (!target) {
    const regions = onMainThread(before, after, size.width, size.height);
    before.close();
    after.close();
    return { regions, engine: "main" };
  }
  next += 1;
  const id = next;
  const answer = await new Promise<DifferencesAnswer>((resolve) => {
    waiting.set(id, resolve);
    const request: DifferencesRequest = { id, before, after, ...size };
    target.postMessage(request, [before, after]);
  });
  if (!answer.regions) throw new Error(answer.error ?? "The comparison failed.");
  return { regions: answer.regions, engine: "worker" };
}

/** An image file's pixels, decoded off the main thread. The upload servers allow this site, so the bytes are readable. */
export async function imageBitmap(url: string): Promise<ImageBitmap> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`The file store answered ${answer.status}.`);
  return createImageBitmap(await answer.blob());
}
