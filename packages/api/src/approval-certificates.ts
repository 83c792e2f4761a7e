// Approval certificates (docs/approval-certificate.md): an approved round's record, signed once with the studio's
// Ed25519 key and kept under a random public id; the public answers behind /verify/<id>.json, /verify/<id>.pdf and
// /.well-known/atelier-signing-key.
import { randomBytes } from "node:crypto";
import { approvedRoundForCertificate, type Db, findCertificate, findCertificateOfProof, saveCertificate } from "@atelier/db";
import { type CertificateRecord, canonicalJson, certificateIdInput, certificateRecord, DomainError } from "@atelier/domain";
import { certificatePdfFilename, renderCertificatePdf } from "./certificate-pdf";
import { publicJwk, type SigningKey, signText, verifyText } from "./signing-key";

const site = (appUrl: string) => appUrl.replace(/\/+$/, "");

/** Where a certificate is verified by people, read by machines, and downloaded as a PDF. */
export function certificateUrls(appUrl: string, id: string) {
  const page = `${site(appUrl)}/verify/${id}`;
  return { verifyUrl: page, jsonUrl: `${page}.json`, pdfUrl: `${page}.pdf` };
}

/** The approved round's certificate, signed and kept the first time it is asked for; the same one ever after. */
export async function certificateOf(ctx: { db: Db; now: () => Date; signing?: SigningKey; appUrl: string }, proofId: string) {
  const kept = await findCertificateOfProof(ctx.db, proofId);
  if (kept) return kept;
  const round = await approvedRoundForCertificate(ctx.db, proofId);
  if (!round) throw new DomainError("PRECONDITION_FAILED", "This round is not approved: its certificate is made once it is approved.");
  if (!ctx.signing) throw new DomainError("PRECONDITION_FAILED", "The studio has no signing key: certificates cannot be made.");
  const id = randomBytes(16).toString("base64url");
  const record = canonicalJson(certificateRecord(round, id, site(ctx.appUrl), ctx.now()));
  const signature = signText(ctx.signing, record);
  return saveCertificate(ctx.db, { id, proofId, record, signature, keyId: ctx.signing.keyId, createdAt: ctx.now() });
}

/** What /verify/<id>.json answers: the record as signed (its exact text too), the signature and the key's id. */
function certificateDocument(certificate: { record: string; signature: string; keyId: string }) {
  return {
    record: JSON.parse(certificate.record) as CertificateRecord,
    canonical: certificate.record,
    signature: { algorithm: "Ed25519", keyId: certificate.keyId, value: certificate.signature },
  };
}

/**
 * A certificate for its public page: the document, and the server's own check of its signature with this server's key
 * (the page checks it again in the browser where WebCrypto has Ed25519). Undefined for an id that names none.
 */
export async function certificateForPage(db: Db, signing: SigningKey, id: string) {
  const parsed = certificateIdInput.safeParse(id);
  const certificate = parsed.success ? await findCertificate(db, parsed.data) : undefined;
  if (!certificate) return undefined;
  const serverVerified =
    certificate.keyId === signing.keyId && verifyText(signing.publicKey, Buffer.from(certificate.record, "utf8"), certificate.signature);
  return { ...certificateDocument(certificate), serverVerified };
}

export type CertificatePage = NonNullable<Awaited<ReturnType<typeof certificateForPage>>>;

const notFound = (what: string) =>
  new Response(`No such ${what}.`, { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/**
 * The public answers: `GET /verify/<id>.json` and `/verify/<id>.pdf` (`file` is the last segment of the path), and
 * the studio's public key. A certificate holds nothing its verifiers may not read, so none asks who is asking.
 */
export function createCertificateHandlers(options: { db: Db; signing: SigningKey; appUrl: string }) {
  return {
    async certificate(file: string): Promise<Response> {
      const match = file.match(/^(.*)\.(json|pdf)$/);
      const id = certificateIdInput.safeParse(match?.[1]);
      const certificate = id.success ? await findCertificate(options.db, id.data) : undefined;
      if (!certificate) return notFound("certificate");
      if (match?.[2] === "json") {
        return Response.json(certificateDocument(certificate), {
          headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
        });
      }
      const record = JSON.parse(certificate.record) as CertificateRecord;
      const pdf = await renderCertificatePdf(record, {
        verifyUrl: certificateUrls(options.appUrl, certificate.id).verifyUrl,
        signature: certificate.signature,
        keyId: certificate.keyId,
      });
      return new Response(new Uint8Array(pdf), {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="${certificatePdfFilename(record)}"`,
          "cache-control": "public, max-age=300",
          "x-content-type-options": "nosniff",
        },
      });
    },
    signingKey(): Response {
      const jwk = publicJwk(options.signing);
      const pem = options.signing.publicKey.export({ type: "spki", format: "pem" }).toString();
      return Response.json(
        { keyId: jwk.kid, algorithm: "Ed25519", jwk, pem, keys: [jwk] },
        { headers: { "cache-control": "public, max-age=3600", "access-control-allow-origin": "*" } },
      );
    },
  };
}
