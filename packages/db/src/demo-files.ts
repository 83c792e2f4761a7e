// The living demo's files, made on the spot: small PNG pictures and a one-page PDF, so the demo needs no binary fixtures.
import { crc32, deflateSync } from "node:zlib";

type Rgb = readonly [number, number, number];

/** What a demo picture shows: a two-colour gradient with a block and a dot, enough to tell pictures apart. */
export interface DemoPicture {
  width: number;
  height: number;
  from: Rgb;
  to: Rgb;
  accent: Rgb;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// PNG by hand with node:zlib: a truecolour image is four chunks, and no image library is a dependency of the seed.
export function demoPng(p: DemoPicture): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(p.width, 0);
  header.writeUInt32BE(p.height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows = Buffer.alloc((p.width * 3 + 1) * p.height);
  const [cx, cy, r] = [p.width * 0.7, p.height * 0.45, Math.min(p.width, p.height) * 0.18];
  for (let y = 0; y < p.height; y++) {
    const row = y * (p.width * 3 + 1);
    for (let x = 0; x < p.width; x++) {
      const t = (x / p.width + y / p.height) / 2;
      const inBlock = x > p.width * 0.1 && x < p.width * 0.45 && y > p.height * 0.6 && y < p.height * 0.8;
      const inDot = (x - cx) ** 2 + (y - cy) ** 2 < r * r;
      for (let c = 0; c < 3; c++) {
        const base = (p.from[c] ?? 0) * (1 - t) + (p.to[c] ?? 0) * t;
        rows[row + 1 + x * 3 + c] = inDot ? (p.accent[c] ?? 0) : inBlock ? 255 - (p.accent[c] ?? 0) / 3 : base;
      }
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a title and lines, drawn with pdfkit as the invoices are. */
export async function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  // A fixed creation date, so the same demo gives the same bytes.
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: title, CreationDate: new Date("2026-01-01T00:00:00Z") } });
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(24).text(title);
  doc.moveDown();
  doc.font("Helvetica").fontSize(12);
  for (const line of lines) doc.text(line).moveDown(0.4);
  doc.end();
  await done;
  return Buffer.concat(parts);
}
