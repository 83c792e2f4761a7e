// pdf.js for the whole app, loaded once and shared: the viewer reads PDFs from the upload servers by ranges, and the
// upload dialog draws a new PDF's first page for its thumbnail (uploads/first-pdf-page.ts).
import type { PDFPageProxy, PDFWorker } from "pdfjs-dist";

/**
 * Bytes per range request. pdf.js opens a document by walking its page tree to the last page, which in a flat tree
 * (common from layout tools) touches every page object across the file: with small chunks that is one round trip per
 * chunk (25 for a 6.5 MB, 200-page proof at 256 KiB); 1 MiB chunks cut that fourfold and cost little on the rest.
 */
export const RANGE_CHUNK_BYTES = 1024 * 1024;

export type PdfEngine = { pdfjs: typeof import("pdfjs-dist"); worker: PDFWorker };
let pdfEngine: Promise<PdfEngine> | null = null;

/**
 * pdf.js and its worker, loaded once per page and shared by every PDF opened: the worker's start (a megabyte of
 * script to fetch and compile) is paid once, ahead of the first click when `useWarmPdfEngine` saw a PDF in a list.
 */
export function loadPdfEngine(): Promise<PdfEngine> {
  pdfEngine ??= import("pdfjs-dist")
    .then(async (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
      const worker = new pdfjs.PDFWorker();
      await worker.promise;
      return { pdfjs, worker };
    })
    .catch((e: unknown) => {
      pdfEngine = null; // a failed load (offline, say) is tried again at the next open
      throw e;
    });
  return pdfEngine;
}

/**
 * A document opened with the shared worker, by `range` (startRangeReads) or by URL: no streaming and no reading ahead
 * past what pdf.js asks for, in `RANGE_CHUNK_BYTES` ranges. One place for how the app opens a PDF.
 */
export function openPdfDocument(
  { pdfjs, worker }: PdfEngine,
  source: { url: string } | { range: InstanceType<PdfEngine["pdfjs"]["PDFDataRangeTransport"]> },
) {
  return pdfjs.getDocument({ ...source, worker, disableStream: true, disableAutoFetch: true, rangeChunkSize: RANGE_CHUNK_BYTES });
}

/**
 * PDFs up to this size are read whole, in parallel ranges, while pdf.js starts: opening a flat page tree reads
 * nearly all of such a file anyway, one range after another. Larger ones get only their head and tail early.
 */
const READ_AHEAD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A file's bytes for pdf.js by HTTP ranges of `RANGE_CHUNK_BYTES`. They are asked for at once, while pdf.js and its
 * worker are still starting, instead of one after another as pdf.js finds it needs them: its head and its tail
 * (where a PDF keeps its header, trailer and cross-reference table), and every range of a file of up to 16 MiB.
 * The length comes from the store's answer (Content-Range), not from the size on record, which the browser reported.
 */
export function startRangeReads(url: string, recordedSize: number) {
  const read = async (begin: number, end: number) => {
    const answer = await fetch(url, { headers: { Range: `bytes=${begin}-${end - 1}` } });
    // A store that ignored the range would send the whole file: refuse it rather than read gigabytes.
    if (answer.status !== 206) {
      await answer.body?.cancel();
      throw new Error(`The file store answered ${answer.status} to a range request.`);
    }
    const total = Number(/\/(\d+)$/.exec(answer.headers.get("content-range") ?? "")?.[1] ?? Number.NaN);
    return { bytes: new Uint8Array(await answer.arrayBuffer()), total };
  };
  // Read ahead by chunk start; the head is the chunk at 0.
  const early = new Map<number, ReturnType<typeof read>>();
  const chunk = (begin: number) => early.set(begin, read(begin, Math.min(begin + RANGE_CHUNK_BYTES, recordedSize)));
  const last = Math.floor((recordedSize - 1) / RANGE_CHUNK_BYTES) * RANGE_CHUNK_BYTES;
  chunk(0);
  if (recordedSize <= READ_AHEAD_MAX_BYTES) for (let begin = RANGE_CHUNK_BYTES; begin < last; begin += RANGE_CHUNK_BYTES) chunk(begin);
  chunk(last);
  // Unhandled until pdf.js asks (or never, when the size on record was wrong).
  for (const p of early.values()) p.catch(() => undefined);
  const head = early.get(0)!;

  /** The read-ahead chunks that make up [begin, end) exactly, or null when any is missing. */
  const readAhead = (begin: number, end: number, length: number) => {
    const parts: ReturnType<typeof read>[] = [];
    for (let at = begin; at < end; at += RANGE_CHUNK_BYTES) {
      const part = early.get(at);
      if (!part || Math.min(at + RANGE_CHUNK_BYTES, length) > end) return null;
      parts.push(part);
    }
    return parts;
  };

  return {
    /** The transport for pdf.js, or null when the store does not answer ranges (pdf.js then reads by URL). */
    async transport(pdfjs: PdfEngine["pdfjs"], onError: (e: unknown) => void) {
      const first = await head.catch(() => null);
      if (!first || !Number.isSafeInteger(first.total)) return null;
      const length = first.total;
      // What was read ahead for a wrong size on record is of no use.
      if (length !== recordedSize) early.clear();
      return new (class extends pdfjs.PDFDataRangeTransport {
        override requestDataRange(begin: number, end: number) {
          const parts = begin % RANGE_CHUNK_BYTES === 0 ? readAhead(begin, end, length) : null;
          const bytes = parts ? Promise.all(parts).then((done) => concat(done.map((d) => d.bytes))) : read(begin, end).then((d) => d.bytes);
          bytes.then((data) => this.onDataRange(begin, data), onError);
        }
      })(length, first.bytes);
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Device pixels across a drawn page at most: a 4x zoom on a 3x phone screen would otherwise ask for a 100 MB canvas. */
const MAX_CANVAS_WIDTH = 4096;

/**
 * A page drawn into `canvas` at `width` CSS pixels across, with as many device pixels as the screen has (within
 * `MAX_CANVAS_WIDTH`); the canvas is given that CSS size unless its box sets one (`sized: false`).
 */
export function drawPdfPage(page: PDFPageProxy, canvas: HTMLCanvasElement, width: number, { sized = true } = {}) {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: width / base.width });
  const ratio = Math.min(window.devicePixelRatio || 1, MAX_CANVAS_WIDTH / viewport.width);
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  if (sized) {
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
  }
  return page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
}
