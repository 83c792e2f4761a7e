import { loadPdfEngine, RANGE_CHUNK_BYTES } from "~/components/viewer/pdf-engine";

/**
 * The first page of a PDF on the person's disk drawn as a PNG `width` px wide. pdf.js reads the file through a range
 * transport over Blob slices, so a multi-gigabyte print file is read only where its first page and page tree are.
 */
export async function firstPdfPage(file: Blob, width: number): Promise<Blob> {
  const { pdfjs, worker } = await loadPdfEngine();
  const initial = new Uint8Array(await file.slice(0, RANGE_CHUNK_BYTES).arrayBuffer());
  const range = new (class extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      void file
        .slice(begin, end)
        .arrayBuffer()
        .then((bytes) => this.onDataRange(begin, new Uint8Array(bytes)));
    }
  })(file.size, initial);
  const doc = await pdfjs.getDocument({ range, worker, disableStream: true, disableAutoFetch: true, rangeChunkSize: RANGE_CHUNK_BYTES })
    .promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport, background: "#ffffff" }).promise;
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Could not encode the page"))), "image/png"),
    );
  } finally {
    await doc.destroy();
  }
}
