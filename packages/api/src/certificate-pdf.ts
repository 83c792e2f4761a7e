// An approval certificate as a PDF, drawn with pdfkit as invoices are (invoice-pdf.ts): the record in words, the
// signature and its key's id, and a QR code of the page that verifies it (the `qrcode` package draws it as a PNG).
import type { CertificateRecord } from "@atelier/domain";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { fontBytes, STANDARD_FONT_TEXT, textWriter, UNICODE_BOLD, UNICODE_REGULAR } from "./pdf-fonts";

const MARGIN = 50;
const INK = "#1f2328";
const MUTED = "#59636e";
const RULE = "#d0d7de";

export function certificatePdfFilename(record: CertificateRecord): string {
  return `approval-certificate-${record.id}.pdf`;
}

export async function renderCertificatePdf(
  record: CertificateRecord,
  proof: { verifyUrl: string; signature: string; keyId: string },
): Promise<Buffer> {
  const typed = [
    record.project.title,
    record.project.name,
    record.project.business,
    ...record.files.map((f) => f.name),
    ...record.decisions.flatMap((d) => [d.name, d.email, d.userAgent ?? "", d.reason ?? ""]),
  ];
  const standard = typed.every((text) => STANDARD_FONT_TEXT.test(text));
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Approval certificate ${record.id}`, Author: record.issuer },
  });
  if (!standard) for (const [name, bytes] of Object.entries(fontBytes())) doc.registerFont(name, bytes);
  const REGULAR = standard ? "Helvetica" : UNICODE_REGULAR;
  const BOLD = standard ? "Helvetica-Bold" : UNICODE_BOLD;
  // Courier beside Noto Sans sits on another baseline: one family per document.
  const MONO = standard ? "Courier" : UNICODE_REGULAR;
  const put = textWriter(doc, standard);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const qrSize = 110;
  const qr = await QRCode.toBuffer(proof.verifyUrl, { type: "png", errorCorrectionLevel: "M", margin: 1, width: qrSize * 3 });

  // Header: the title on the left, the QR code of the verify page on the right.
  doc.image(qr, MARGIN + width - qrSize, MARGIN, { width: qrSize, height: qrSize });
  const textWidth = width - qrSize - 20;
  doc.font(BOLD).fontSize(20).fillColor(INK).text("Approval certificate", MARGIN, MARGIN, { width: textWidth });
  doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(`Certificate ${record.id}`, { width: textWidth });
  put(`Issued ${record.issuedAt} (UTC) by ${record.issuer}`, REGULAR, undefined, undefined, { width: textWidth });
  doc.moveDown(0.5).fillColor(INK).text("Verify it, and check a file against it, at:", { width: textWidth });
  doc.fillColor("#0969da").text(proof.verifyUrl, { width: textWidth, link: proof.verifyUrl, underline: true });

  const heading = (text: string) => {
    doc.moveDown(1);
    const y = doc.y;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(BOLD)
      .fontSize(8)
      .fillColor(MUTED)
      .text(text.toUpperCase(), MARGIN, y + 6, { width });
    doc.moveDown(0.3);
  };
  const line = (label: string, value: string, font = REGULAR) => {
    doc.font(BOLD).fontSize(9).fillColor(MUTED).text(`${label}: `, MARGIN, doc.y, { continued: true, width });
    doc.fillColor(INK);
    put(value, font, undefined, undefined, { width });
  };

  doc.y = Math.max(doc.y, MARGIN + qrSize);
  heading("Project and round");
  line("Project", record.project.title);
  line("Business", record.project.business);
  line("Round", `${record.round.number}, sent ${record.round.sentAt} (UTC)`);
  line("Approved", `${record.round.approvedAt} (UTC)`);

  heading(`Files approved (${record.files.length})`);
  for (const file of record.files) {
    doc.fontSize(9).fillColor(INK);
    put(file.name, BOLD, MARGIN, doc.y, { width });
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${file.size.toLocaleString("en-US")} bytes`, { width });
    doc.font(MONO).fontSize(8).fillColor(INK).text(`SHA-256 ${file.sha256}`, { width });
    doc.moveDown(0.4);
  }

  heading("Decisions");
  for (const d of record.decisions) {
    line("Decision", d.label ?? d.decision);
    if (d.step !== undefined) line("Step", String(d.step));
    if (d.reason) line("Reason", d.reason);
    line("By", `${d.name} <${d.email}>`);
    line("Verified by", d.verifiedBy);
    line("At", `${d.at} (UTC)`);
    line("IP address", d.ipAddress ?? "not recorded");
    line("Browser", d.userAgent ?? "not recorded");
    doc.moveDown(0.4);
  }

  heading("Rule");
  doc.font(REGULAR).fontSize(9).fillColor(INK).text(record.rule, MARGIN, doc.y, { width });

  heading("Signature");
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      "Ed25519 over the record's canonical JSON (keys sorted, no spaces), as /verify/<id>.json answers it; the key is published at /.well-known/atelier-signing-key.",
      MARGIN,
      doc.y,
      { width },
    );
  doc.moveDown(0.3);
  line("Key id", proof.keyId, MONO);
  doc.font(MONO).fontSize(8).fillColor(INK).text(proof.signature, { width });

  doc.end();
  return done;
}
