// Resizes an image in the browser to an exact square JPEG (cover crop, centred), as avatars and previews need.
import type { ImageSize } from "@atelier/upload-engine";

export async function resizeImage(file: Blob, size: ImageSize): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas in this browser");
    // Cover: scale so the shorter side fills the square, then centre the crop.
    const scale = Math.max(size.width / bitmap.width, size.height / bitmap.height);
    const width = bitmap.width * scale;
    const height = bitmap.height * scale;
    context.fillStyle = "#fff"; // JPEG has no alpha: transparent pixels become white, not black
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, (size.width - width) / 2, (size.height - height) / 2, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Could not encode the image"))), size.type, size.quality / 100),
    );
  } finally {
    bitmap.close();
  }
}
