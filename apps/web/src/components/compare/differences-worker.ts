// The changed regions of two images, worked out off the main thread (docs/compare.md): both drawn at one size on an
// OffscreenCanvas, their pixels compared by the domain's rule. A phone keeps scrolling while a print file is compared.
import { changedRegions } from "@atelier/domain/image-compare";

export type DifferencesRequest = { id: number; before: ImageBitmap; after: ImageBitmap; width: number; height: number };
export type DifferencesAnswer = { id: number; regions?: ReturnType<typeof changedRegions>; error?: string };

function pixels(image: ImageBitmap, width: number, height: number) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("no 2d context");
  context.drawImage(image, 0, 0, width, height);
  image.close();
  return context.getImageData(0, 0, width, height);
}

self.onmessage = (event: MessageEvent<DifferencesRequest>) => {
  const { id, before, after, width, height } = event.data;
  let answer: DifferencesAnswer;
  try {
    answer = { id, regions: changedRegions(pixels(before, width, height), pixels(after, width, height)) };
  } catch (e) {
    answer = { id, error: e instanceof Error ? e.message : String(e) };
  }
  self.postMessage(answer);
};
