// Approval certificates on real PostgreSQL with the real upload servers (docs/approval-certificate.md): who may get an
// approved round's certificate, what its record says (the stored bytes' SHA-256, the approver, their address and
// browser, the rule), that it verifies with the published key, and the public answers for unknown ids.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, verify } from "node:crypto";
import { createBusiness, DEMO_BUSINESS, DEMO_USERS, seedDemo, setUserBusiness } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { APPROVAL_RULE, type CertificateRecord, GUEST_COOKIE, type SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { mailPart, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCertificateHandlers } from "./approval-certificates";
import { createCaller } from "./index";
import { signingKeyFromPem } from "./signing-key";
import { codeOf } from "./testing/code-of";
import { addUploadedFile } from "./testing/rounds";
import type { Context } from "./trpc";

const [admin, creative, client] = DEMO_USERS;
const secret = "certificates-test-secret-0123456789";
const appUrl = "http://app.test";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const session = (u: { id: string; name: string; email: string; role: SessionUser["role"] }, businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});
const studio = () => session(creative, null);
const boss = () => session(admin, null);
const acme = () => session(client, DEMO_BUSINESS.id);
const globex = () => session({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }, "globex");
const signing = signingKeyFromPem(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
const browser = { ipAddress: "198.51.100.23", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) </script> 日本" };

describe("approval certificates", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  let smtp: SmtpSink;
  let outbox: Outbox;
  const context = (user: SessionUser | null, extra: Partial<Context> = {}): Context =>
    ({
      db: t.db,
      user,
      now: () => new Date(),
      files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl },
      mail: {
        outbox,
        appUrl,
        digestWindowMs: 0,
        signInLink: async () => "",
      },
      signing,
      ...extra,
    }) as Context;
  const as = (user: SessionUser | null, extra: Partial<Context> = {}) => createCaller(context(user, extra));

  // A wrong claimed SHA-256: the certificate names the stored bytes' own.
  const addFile = (projectId: string, name: string, bytes: Uint8Array) =>
    addUploadedFile(as(studio()), projectId, name, bytes, "0".repeat(64));

  /** A round of two files sent on a briefed project of Acme's. */
  async function sentRound(title: string, files: [string, Uint8Array][]) {
    const { id: projectId } = await as(acme()).projects.create({ title, event: "print" });
    await as(acme()).comments.create({ projectId, body: "Here is the brief", event: "briefing" });
    const added = [];
    for (const [name, bytes] of files) added.push(await addFile(projectId, name, bytes));
    const proof = await as(studio()).proofs.create({ projectId, fileIds: added.map((f) => f.id) });
    return { projectId, proofId: proof.id };
  }

  beforeAll(async () => {
    [t, uploads, smtp] = await Promise.all([createTestDatabase(), startUploadServers(secret), startSmtpSink()]);
    outbox = createOutbox({ db: t.db, transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }) });
    outbox.start();
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    await t.db.insertInto("users").values({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }).execute();
    await setUserBusiness(t.db, "globex-client", "globex");
  });
  afterAll(async () => {
    await outbox?.stop();
    await smtp?.close();
    await t?.destroy();
    await uploads?.close();
  });

  it("is refused before approval and to anyone who may not see the project; once approved, one stable certificate", async () => {
    const { proofId } = await sentRound("Certificate rules", [["rules.pdf", randomBytes(2048)]]);
    for (const user of [acme(), studio(), boss()])
      expect(await codeOf(as(user).proofs.certificateUrl({ proofId }))).toBe("PRECONDITION_FAILED");
    await expect(as(acme()).proofs.certificateUrl({ proofId })).rejects.toThrow(/not approved/);

    await as(acme(), { client: browser }).proofs.approve({ proofId });

    expect(await codeOf(as(globex()).proofs.certificateUrl({ proofId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(session({ ...client, id: "lone" }, null)).proofs.certificateUrl({ proofId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(null).proofs.certificateUrl({ proofId }))).toBe("UNAUTHORIZED");
    expect(await codeOf(as(acme()).proofs.certificateUrl({ proofId: "no-such-proof" }))).toBe("NOT_FOUND");
    // Refusals made no certificate.
    expect(await t.db.selectFrom("approvalCertificates").select("id").where("proofId", "=", proofId).execute()).toEqual([]);

    const first = await as(acme()).proofs.certificateUrl({ proofId });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.url).toBe(`${appUrl}/verify/${first.id}.pdf`);
    expect(first.verifyUrl).toBe(`${appUrl}/verify/${first.id}`);
    const [byStaff, byAdmin, again] = await Promise.all([
      as(studio()).proofs.certificateUrl({ proofId }),
      as(boss()).proofs.certificateUrl({ proofId }),
      as(acme()).proofs.certificateUrl({ proofId }),
    ]);
    expect([byStaff.id, byAdmin.id, again.id]).toEqual([first.id, first.id, first.id]);
    // Without a signing key none can be made, but one made already is still answered.
    const { proofId: other } = await sentRound("No key", [["nokey.pdf", randomBytes(64)]]);
    await as(acme()).proofs.approve({ proofId: other });
    expect(await codeOf(as(acme(), { signing: undefined }).proofs.certificateUrl({ proofId: other }))).toBe("PRECONDITION_FAILED");
    expect((await as(acme(), { signing: undefined }).proofs.certificateUrl({ proofId })).id).toBe(first.id);
  });

  it("records the stored bytes, the approver, their address and browser, and the rule, signed with the published key", async () => {
    const poster = randomBytes(300 * 1024);
    const back = randomBytes(777);
    const { projectId, proofId } = await sentRound("Spring poster — 春 </script>", [
      ["poster.pdf", poster],
      ["back.png", back],
    ]);
    const before = new Date();
    await as(acme(), { client: browser }).proofs.approve({ proofId });
    const { id } = await as(studio()).proofs.certificateUrl({ proofId });
    const handlers = createCertificateHandlers({ db: t.db, signing, appUrl });

    const answer = await handlers.certificate(`${id}.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as {
      record: CertificateRecord;
      canonical: string;
      signature: { algorithm: string; keyId: string; value: string };
    };
    const { record } = document;
    expect(record.id).toBe(id);
    expect(record.project).toMatchObject({ id: projectId, title: "Spring poster — 春 </script>", business: DEMO_BUSINESS.name });
    expect(record.round).toMatchObject({ id: proofId, number: 1 });
    expect(record.files).toEqual([
      { name: "poster.pdf", size: poster.length, sha256: sha256(poster) },
      { name: "back.png", size: back.length, sha256: sha256(back) },
    ]);
    expect(record.decisions).toHaveLength(1);
    const [decision] = record.decisions;
    expect(decision).toMatchObject({ decision: "approved", name: client.name, email: client.email, verifiedBy: "signed in", ...browser });
    expect(new Date(decision?.at ?? 0).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(decision?.at).toMatch(/Z$/);
    expect(record.rule).toBe(APPROVAL_RULE);
    expect(JSON.parse(document.canonical)).toEqual(record);

    // The published key verifies the canonical text; the same text with one file's hash changed does not.
    const published = (await handlers.signingKey().json()) as { keyId: string; jwk: object; pem: string };
    expect(published.keyId).toBe(document.signature.keyId);
    const key = createPublicKey({ key: published.jwk as never, format: "jwk" });
    const signature = Buffer.from(document.signature.value, "base64url");
    expect(verify(null, Buffer.from(document.canonical), key, signature)).toBe(true);
    expect(verify(null, Buffer.from(document.canonical), createPublicKey(published.pem), signature)).toBe(true);
    const forged = document.canonical.replace(sha256(poster), sha256(back));
    expect(forged).not.toBe(document.canonical);
    expect(verify(null, Buffer.from(forged), key, signature)).toBe(false);

    // The PDF says the same and carries the verify page's address (its QR code too).
    const pdf = await handlers.certificate(`${id}.pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    try {
      const text = (await parser.getText()).text.replace(/\s+/g, " ");
      for (const words of [`${appUrl}/verify/${id}`, sha256(poster), "poster.pdf", client.email, browser.ipAddress, "signed in"])
        expect(text).toContain(words);
    } finally {
      await parser.destroy();
    }
  });

  it("names a guest's approval as verified by e-mail code; the guest's own session cannot ask for the certificate", async () => {
    const { proofId } = await sentRound("Guest approval", [["guest.png", randomBytes(512)]]);
    const { url } = await as(studio()).proofs.share({ proofId, expiresInDays: 7 });
    const token = url.slice(url.lastIndexOf("/") + 1);
    const jar = { value: undefined as string | undefined };
    const guestCookie = {
      get value() {
        return jar.value;
      },
      set(header: string) {
        jar.value = header.slice(`${GUEST_COOKIE}=`.length).split(";")[0];
      },
    };
    const guest = as(null, { guestCookie, client: { ipAddress: "192.0.2.9", userAgent: "GuestPhone/1.0" } });
    const email = "lee@legal.test";
    await guest.guest.requestCode({ token, email, name: "Lee Legal — 法務" });
    let code: string | undefined;
    for (let waited = 0; !code && waited < 400; waited++) {
      const mail = smtp.mails.find((m) => m.to.includes(email));
      code = mail ? /\b(\d{6})\b/.exec(mailPart(mail.raw, "text/plain"))?.[1] : undefined;
      if (!code) await new Promise((r) => setTimeout(r, 25));
    }
    await guest.guest.verify({ token, email, code: code ?? "" });
    await guest.proofs.approve({ proofId });
    expect(await codeOf(guest.proofs.certificateUrl({ proofId }))).toBe("UNAUTHORIZED");

    const { id } = await as(acme()).proofs.certificateUrl({ proofId });
    const answer = await createCertificateHandlers({ db: t.db, signing, appUrl }).certificate(`${id}.json`);
    const { record } = (await answer.json()) as { record: CertificateRecord };
    expect(record.decisions).toEqual([
      expect.objectContaining({
        name: "Lee Legal — 法務",
        email,
        verifiedBy: "e-mail code",
        ipAddress: "192.0.2.9",
        userAgent: "GuestPhone/1.0",
      }),
    ]);
  });

  it("answers 404 for an id that names no certificate, however it is spelled", async () => {
    const handlers = createCertificateHandlers({ db: t.db, signing, appUrl });
    for (const file of ["AbCdEfGhIjKlMnOpQrSt_-.json", "AbCdEfGhIjKlMnOpQrSt_-.pdf", "nope.json", "x", "'; drop table proofs; --.json"]) {
      const answer = await handlers.certificate(file);
      expect(answer.status, file).toBe(404);
      expect(await answer.text()).toBe("No such certificate.");
    }
  });
});
