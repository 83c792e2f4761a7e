// For tests and benchmarks: a certificate for loopback, so upload servers can be run over TLS with HTTP/2 on this machine.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";

export interface LoopbackTls {
  /** PEM of the certificate, which is its own authority: give it to a client as `ca` or in NODE_EXTRA_CA_CERTS. */
  cert: string;
  key: string;
  /** The same two as files, for --tls-cert and --tls-key. */
  certFile: string;
  keyFile: string;
  /** The SHA-256 of its public key, base64: what Chromium's --ignore-certificate-errors-spki-list takes. */
  spkiSha256: string;
}

/** A fresh self-signed certificate for localhost, 127.0.0.1 and ::1, valid from an hour ago for a week. */
export async function loopbackTls(): Promise<LoopbackTls> {
  const { createHash, X509Certificate } = await import("node:crypto");
  const notBeforeDate = new Date(Date.now() - 3_600_000);
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 7 * 86_400_000),
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
          { type: 7, ip: "::1" },
        ],
      },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), "atelier-tls-"));
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  const spki = new X509Certificate(pems.cert).publicKey.export({ type: "spki", format: "der" });
  return { cert: pems.cert, key: pems.private, certFile, keyFile, spkiSha256: createHash("sha256").update(spki).digest("base64") };
}
