"use client";
// An approval certificate's public page (docs/approval-certificate.md): the record, its signature checked in the
// browser with WebCrypto's Ed25519 against the published key (the server's own check where the browser lacks it), and
// a file check: a dropped or chosen file is hashed here with crypto.subtle.digest, never uploaded, and compared with
// the approved files' SHA-256.
import type { CertificatePage } from "@atelier/api";
import { PRODUCT_NAME } from "@atelier/domain";
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from "@atelier/ui";
import { CheckCircle2, FileSearch, ShieldAlert, ShieldCheck } from "lucide-react";
import { type DragEvent, type ReactNode, useEffect, useId, useState } from "react";

type SignatureCheck = { state: "checking" } | { state: "valid" | "invalid"; by: "browser" | "server"; detail: string };

type FileCheck = { name: string; sha256: string; match: { name: string; size: number } | null } | { name: string; error: string };

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Checks the signature over the canonical text with the key the site publishes; null when WebCrypto lacks Ed25519. */
async function checkInBrowser(certificate: CertificatePage): Promise<SignatureCheck | null> {
  const answer = await fetch("/.well-known/atelier-signing-key", { cache: "no-store" });
  if (!answer.ok) throw new Error(`the published key did not load (HTTP ${answer.status})`);
  const published = (await answer.json()) as { keyId: string; jwk: JsonWebKey };
  if (published.keyId !== certificate.signature.keyId)
    return {
      state: "invalid",
      by: "browser",
      detail: `Signed with key ${certificate.signature.keyId}, but this site publishes key ${published.keyId}.`,
    };
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey("jwk", published.jwk, { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return null;
  }
  const valid = await crypto.subtle.verify(
    { name: "Ed25519" },
    key,
    fromBase64Url(certificate.signature.value),
    new TextEncoder().encode(certificate.canonical),
  );
  return valid
    ? { state: "valid", by: "browser", detail: `Checked in your browser with the studio's published key ${published.keyId}.` }
    : { state: "invalid", by: "browser", detail: "The signature does not match this record: it was changed after it was signed." };
}

function serverCheck(certificate: CertificatePage): SignatureCheck {
  return certificate.serverVerified
    ? { state: "valid", by: "server", detail: "Checked by the server (this browser cannot check Ed25519 signatures itself)." }
    : { state: "invalid", by: "server", detail: "The server could not verify this record's signature with its key." };
}

export function VerifyCertificate({ certificate }: { certificate: CertificatePage }) {
  const { record } = certificate;
  const [signature, setSignature] = useState<SignatureCheck>({ state: "checking" });
  const [file, setFile] = useState<FileCheck | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  useEffect(() => {
    let live = true;
    checkInBrowser(certificate)
      .catch(() => null)
      .then((check) => {
        if (live) setSignature(check ?? serverCheck(certificate));
      });
    return () => {
      live = false;
    };
  }, [certificate]);

  async function check(chosen: File | undefined) {
    if (!chosen) return;
    setFile(null);
    try {
      const sha256 = hex(await crypto.subtle.digest("SHA-256", await chosen.arrayBuffer()));
      const match = record.files.find((f) => f.sha256 === sha256) ?? null;
      setFile({ name: chosen.name, sha256, match });
    } catch (error) {
      setFile({ name: chosen.name, error: error instanceof Error ? error.message : "The file could not be read." });
    }
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  }

  return (
    <main className="min-h-dvh bg-muted/40 px-3 py-4 sm:px-6 sm:py-8">
      <div className="mx-auto grid max-w-3xl gap-4">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-tight">
          <img src="/logo.svg" alt="" width={24} height={24} />
          {PRODUCT_NAME}
        </p>

        <Card>
          <CardHeader>
            <CardTitle className="text-xl">
              <h1>Approval certificate</h1>
            </CardTitle>
            <CardDescription className="wrap-anywhere">
              {record.project.title} · {record.project.business} · round {record.round.number}, approved {utc(record.round.approvedAt)}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <div
              role="status"
              data-testid="signature-check"
              data-state={signature.state}
              className={cn(
                "flex items-start gap-2 rounded-md border p-3 text-sm",
                signature.state === "valid" && "border-green-600/40 bg-green-600/10",
                signature.state === "invalid" && "border-destructive/40 bg-destructive/10",
              )}
            >
              {signature.state === "invalid" ? (
                <ShieldAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
              ) : (
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
              )}
              <div className="grid gap-0.5">
                <p className="font-medium">
                  {signature.state === "checking"
                    ? "Checking the signature…"
                    : signature.state === "valid"
                      ? "Signature valid: this is the record the studio signed."
                      : "Signature NOT valid: do not rely on this record."}
                </p>
                {signature.state !== "checking" && <p className="text-muted-foreground wrap-anywhere">{signature.detail}</p>}
              </div>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Check a file</h2>
            </CardTitle>
            <CardDescription>
              Drop a file here, or choose one, to see whether it is exactly an approved file. It is hashed in your browser and never
              uploaded.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <label
              htmlFor={inputId}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="file-drop"
              className={cn(
                "flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed p-4 text-center text-sm",
                dragging ? "border-primary bg-primary/5" : "border-muted-foreground/30",
              )}
            >
              <FileSearch className="size-6 text-muted-foreground" aria-hidden />
              <span className="font-medium">Drop a file, or tap to choose one</span>
              <input
                id={inputId}
                type="file"
                className="sr-only"
                data-testid="file-input"
                onChange={(e) => {
                  void check(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </label>
            {file && <FileResult file={file} />}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Approved files ({record.files.length})</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {record.files.map((f) => (
                <li key={`${f.sha256}-${f.name}`} className="grid gap-0.5 text-sm">
                  <span className="font-medium wrap-anywhere">{f.name}</span>
                  <span className="text-muted-foreground">{f.size.toLocaleString("en-US")} bytes</span>
                  <code className="text-xs break-all">SHA-256 {f.sha256}</code>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Decisions</h2>
            </CardTitle>
            <CardDescription className="wrap-anywhere">Rule: {record.rule}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-4">
              {record.decisions.map((d) => (
                <li key={`${d.at}-${d.email}`}>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <Fact label="Decision">
                      {/* Records signed before decisions had labels name them by their value. */}
                      <Badge variant="secondary">{d.label ?? d.decision}</Badge>
                    </Fact>
                    {d.step === undefined ? null : <Fact label="Step">{d.step}</Fact>}
                    {d.reason ? <Fact label="Reason">{d.reason}</Fact> : null}
                    <Fact label="By">
                      {d.name} &lt;{d.email}&gt;
                    </Fact>
                    <Fact label="Verified by">{d.verifiedBy}</Fact>
                    <Fact label="Time">{utc(d.at)}</Fact>
                    <Fact label="IP address">{d.ipAddress ?? "not recorded"}</Fact>
                    <Fact label="Browser">{d.userAgent ?? "not recorded"}</Fact>
                  </dl>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>For machines</h2>
            </CardTitle>
            <CardDescription className="wrap-anywhere">
              Certificate {record.id}, issued {utc(record.issuedAt)} by {record.issuer}. The record and its Ed25519 signature (over the
              canonical JSON: keys sorted, no spaces) are at{" "}
              <a className="underline" href={`/verify/${record.id}.json`}>
                /verify/{record.id}.json
              </a>
              ; the studio's public key at{" "}
              <a className="underline" href="/.well-known/atelier-signing-key">
                /.well-known/atelier-signing-key
              </a>
              .{" "}
              <a className="underline" href={`/verify/${record.id}.pdf`}>
                Download the PDF
              </a>
              .
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    </main>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </>
  );
}

function FileResult({ file }: { file: FileCheck }) {
  if ("error" in file)
    return (
      <p role="alert" className="text-sm text-destructive wrap-anywhere">
        {file.name} could not be read: {file.error}
      </p>
    );
  return (
    <div
      role="status"
      data-testid="file-check-result"
      data-match={file.match ? "true" : "false"}
      className={cn(
        "grid gap-1 rounded-md border p-3 text-sm",
        file.match ? "border-green-600/40 bg-green-600/10" : "border-destructive/40 bg-destructive/10",
      )}
    >
      <p className="flex items-start gap-2 font-medium wrap-anywhere">
        {file.match ? (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
        ) : (
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        )}
        {file.match
          ? `Match: ${file.name} is exactly the approved file ${file.match.name}.`
          : `No match: ${file.name} is not one of the approved files.`}
      </p>
      <code className="text-xs break-all text-muted-foreground">SHA-256 {file.sha256}</code>
    </div>
  );
}

/** An ISO time as the record keeps it, in UTC: "2026-11-28 06:58:00 UTC". */
function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
