// Test files made on the spot: a real PNG of any size, a PDF of many pages, and JPEG dimensions read from their header.
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG with a diagonal gradient, so resized versions are not blank. */
/** A gradient PNG; with `patch`, that rectangle (pixels) is painted red: a second round that changed in one place. */
export function makePng(width: number, height: number, patch?: { x: number; y: number; w: number; h: number }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = (x * 255) / width;
      rows[row + 2 + x * 3] = (y * 255) / height;
      rows[row + 3 + x * 3] = 160;
      if (patch && x >= patch.x && x < patch.x + patch.w && y >= patch.y && y < patch.y + patch.h) rows.set([230, 20, 20], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An RGB PNG of random pixels, stored uncompressed: a file of about width × height × 3 bytes, quickly made. */
export function makeNoisyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const rows = randomBytes((width * 3 + 1) * height);
  // Each row starts with its filter byte: 0, none.
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 0 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Width and height from a JPEG's start-of-frame marker; undefined when it is not a JPEG. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[i + 5]! << 8) | bytes[i + 6]!, width: (bytes[i + 7]! << 8) | bytes[i + 8]! };
    }
    i += 2 + length;
  }
  return undefined;
}

/** A PDF of `pages` pages, each with a heading and enough drawing to make the file a few megabytes. */
export function makePdf(pages: number): Buffer {
  const strokes = Array.from(
    { length: 1500 },
    (_, i) => `${(i * 7) % 595} ${(i * 13) % 842} m ${(i * 11) % 595} ${(i * 5) % 842} l S`,
  ).join("\n");
  return writePdf(Array.from({ length: pages }, (_, i) => `0.8 g\n${strokes}\n0 g\nBT /F1 36 Tf 72 760 Td (Page ${i + 1}) Tj ET`));
}

/** A PDF of A4 pages holding the given lines (Helvetica, 18 pt), each at its point from the page's bottom left. */
export function makeTextPdf(pages: { text: string; x: number; y: number }[][], options: { rotate?: 0 | 90 | 180 | 270 } = {}): Buffer {
  const literal = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  return writePdf(
    pages.map((lines) => lines.map((l) => `BT /F1 18 Tf ${l.x} ${l.y} Td (${literal(l.text)}) Tj ET`).join("\n")),
    options.rotate ?? 0,
  );
}

/** A PDF of one A4 page per content stream, with Helvetica as /F1. */
function writePdf(streams: string[], rotate = 0): Buffer {
  const objects: string[] = [];
  // Object numbers start at 1: the new length is the new object's number.
  const add = (body: string) => objects.push(body);
  const catalog = add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, filled in once the pages exist
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const kids: number[] = [];
  for (const stream of streams) {
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]${rotate ? ` /Rotate ${rotate}` : ""} /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${streams.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
