// Guest review links (docs/guest-review.md) on real PostgreSQL, the real outbox and SMTP sink and real upload servers:
// a link alone opens nothing; the mailed code opens one round, where a guest pins and decides, recorded as verified by
// e-mail code; every other procedure of the router refuses the guest; wrong codes lock, old codes expire, requests are
// rate-limited; a withdrawn or expired link ends its sessions at once; passwords and named addresses hold; and only
// the studio shares, lists and withdraws links.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createWebhookEndpoint, DEMO_BUSINESS, DEMO_USERS, deleteWebhookEndpoint, seedDemo, sql } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import {
  GUEST_CODE_MAX_WRONG,
  GUEST_CODE_REQUESTS_PER_ADDRESS,
  GUEST_CODE_REQUESTS_PER_LINK,
  GUEST_CODE_TTL_MS,
  GUEST_COOKIE,
  GUEST_SHARE_MAX_DAYS,
  GUEST_SHARE_MIN_DAYS,
  type SessionUser,
} from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { mailPart, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { TRPCError } from "@trpc/server";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appRouter,
  createCaller,
  createFileDownloadHandler,
  createProofZipHandler,
  createTrpcHandler,
  guestCookieValue,
  guestOfCookie,
} from "./index";
import { codeOf } from "./testing/code-of";
import { type Ids, inputsFor } from "./testing/procedure-inputs";
import { addUploadedFile } from "./testing/rounds";

const [admin, creative, client] = DEMO_USERS;
const secret = "guest-review-test-secret-0123456789";
const DAY = 24 * 60 * 60_000;
const session = (u: { id: string; name: string; email: string; role: SessionUser["role"] }, businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});
const studio = () => session(creative, null);
const acme = () => session(client, DEMO_BUSINESS.id);
/** What a guest may call, and the two public procedures of the link itself. */
const GUEST_SCOPED = [
  "annotations.create",
  "annotations.list",
  "annotations.redraw",
  "annotations.remove",
  "proofs.approve",
  "proofs.requestChanges",
  "proofs.decide",
  "proofs.reviewers",
  "guest.round",
];
const LINK_PROCEDURES = ["guest.link", "guest.requestCode", "guest.verify"];
const REFUSED = ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"];

describe("guest review links", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  let smtp: SmtpSink;
  let outbox: Outbox;
  const files = () => ({ store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl });
  const mail = (appUrl = "http://app.test") => ({ outbox, appUrl, digestWindowMs: 0, signInLink: async () => `${appUrl}/sign-in` });
  const as = (user: SessionUser) => createCaller({ db: t.db, user, now: () => new Date(), files: files(), mail: mail() });

  /** A browser without an account: it keeps the guest cookie the answers set; `later` moves its clock on. */
  function browser(options: { later?: number; appUrl?: string; cookie?: string } = {}) {
    const jar = { value: options.cookie, headers: [] as string[] };
    const caller = createCaller({
      db: t.db,
      user: null,
      now: () => new Date(Date.now() + (options.later ?? 0)),
      files: files(),
      mail: mail(options.appUrl),
      guestCookie: {
        get value() {
          return jar.value;
        },
        set(header: string) {
          jar.headers.push(header);
          jar.value = header.slice(`${GUEST_COOKIE}=`.length).split(";")[0];
        },
      },
    });
    return { caller, jar };
  }

  const addFile = (projectId: string, name: string, bytes: Uint8Array) => addUploadedFile(as(studio()), projectId, name, bytes);

  /** A briefed project of Acme's with one round of one file sent. */
  async function round(title: string) {
    const { id: projectId } = await as(acme()).projects.create({ title, event: "print" });
    await as(acme()).comments.create({ projectId, body: "Here is the brief", event: "briefing" });
    const file = await addFile(projectId, `${title.replaceAll(" ", "-")}.png`, randomBytes(4096));
    const proof = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
    return { projectId, fileId: file.id, proofId: proof.id };
  }

  /** The token at the end of a share's URL. */
  const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

  /** The code in the newest mail to `to`, waiting for one more than `before` mails. */
  async function codeMailed(to: string, before: number): Promise<string> {
    for (let waited = 0; ; waited++) {
      const mails = smtp.mails.filter((m) => m.to.includes(to));
      if (mails.length > before) {
        const code = /\b(\d{6})\b/.exec(mailPart(mails.at(-1)?.raw ?? "", "text/plain"))?.[1];
        if (!code) throw new Error("no code in the mail");
        return code;
      }
      if (waited > 400) throw new Error(`no code mailed to ${to}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to)).length;

  /** A guest through the whole door: the code asked for, mailed, and given back; answers their browser. */
  async function verifiedGuest(token: string, email: string, name = "Gia Guest", password?: string) {
    const guest = browser();
    const before = mailsTo(email.toLowerCase());
    await guest.caller.guest.requestCode({ token, email, name, ...(password ? { password } : {}) });
    const code = await codeMailed(email.toLowerCase(), before);
    await guest.caller.guest.verify({ token, email, code });
    expect(guest.jar.value).toBeTruthy();
    return guest;
  }

  /** A code of six digits that is not `code`. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  beforeAll(async () => {
    [t, uploads, smtp] = await Promise.all([createTestDatabase(), startUploadServers(secret), startSmtpSink()]);
    outbox = createOutbox({ db: t.db, transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }) });
    outbox.start();
    await seedDemo(t.db);
  });
  afterAll(async () => {
    await outbox?.stop();
    await t?.destroy();
    await smtp?.close();
    await uploads?.close();
  });

  it("staff share a round by a link whose token is kept only as its SHA-256; clients and guests may not share", async () => {
    const { proofId } = await round("Share me");
    const { id, url } = await as(studio()).proofs.share({
      proofId,
      expiresInDays: 7,
      password: "open sesame",
      emails: ["Ana@Client.test"],
    });
    const token = tokenOf(url);
    expect(url).toBe(`http://app.test/review/${token}`);
    // base64url of at least 128 random bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const row = (await sql<Record<string, unknown>>`select * from guest_shares where id = ${id}`.execute(t.db)).rows[0];
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.passwordHash).toMatch(/^scrypt\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain("open sesame");
    // Two links never share a token.
    expect(tokenOf((await as(studio()).proofs.share({ proofId, expiresInDays: 1 })).url)).not.toBe(token);

    const [newest, first] = await as(studio()).proofs.shares({ proofId });
    expect(first).toMatchObject({
      id,
      createdBy: creative.id,
      emails: ["ana@client.test"],
      hasPassword: true,
      revokedAt: null,
      lastOpenedAt: null,
    });
    expect(newest).toMatchObject({ emails: [], hasPassword: false });
    expect(JSON.stringify(first)).not.toContain("scrypt");

    for (const days of [GUEST_SHARE_MIN_DAYS - 1, GUEST_SHARE_MAX_DAYS + 1])
      expect(await codeOf(as(studio()).proofs.share({ proofId, expiresInDays: days }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(acme()).proofs.share({ proofId, expiresInDays: 7 }))).toBe("FORBIDDEN");
    expect(await codeOf(as(acme()).proofs.shares({ proofId }))).toBe("FORBIDDEN");
    expect(await codeOf(as(acme()).proofs.revokeShare({ id }))).toBe("FORBIDDEN");

    const open = await as(studio()).proofs.share({ proofId, expiresInDays: 7 });
    const guest = await verifiedGuest(tokenOf(open.url), "gia@outside.test");
    expect(await codeOf(guest.caller.proofs.share({ proofId, expiresInDays: 7 }))).toBe("UNAUTHORIZED");
    expect(await codeOf(guest.caller.proofs.shares({ proofId }))).toBe("UNAUTHORIZED");
    expect(await codeOf(guest.caller.proofs.revokeShare({ id: open.id }))).toBe("UNAUTHORIZED");
    expect((await as(studio()).proofs.shares({ proofId })).find((s) => s.id === open.id)?.lastOpenedAt).toBeInstanceOf(Date);
  });

  it("a guest with the link but no code can call none of the guest-scoped procedures", async () => {
    const { proofId, fileId } = await round("No code");
    const { url } = await as(studio()).proofs.share({ proofId, expiresInDays: 7 });
    const token = tokenOf(url);
    const calls = (c: ReturnType<typeof browser>["caller"]) => [
      () => c.annotations.list({ proofId }),
      () => c.annotations.create({ proofId, fileId, x: 0.5, y: 0.5, body: "Hello" }),
      () => c.proofs.approve({ proofId }),
      () => c.proofs.requestChanges({ proofId, body: "Bigger" }),
    ];
    // The link alone, a code asked for but not given back, a forged cookie.
    const stranger = browser();
    for (const call of calls(stranger.caller)) expect(await codeOf(call())).toBe("UNAUTHORIZED");
    await stranger.caller.guest.requestCode({ token, email: "nico@outside.test", name: "Nico" });
    await codeMailed("nico@outside.test", 0);
    for (const call of calls(stranger.caller)) expect(await codeOf(call())).toBe("UNAUTHORIZED");
    const forged = browser({ cookie: randomBytes(32).toString("base64url") });
    for (const call of calls(forged.caller)) expect(await codeOf(call())).toBe("UNAUTHORIZED");
    expect(stranger.jar.headers).toEqual([]);
    // Nothing was written by any of them.
    expect((await as(acme()).annotations.list({ proofId })).length).toBe(0);
    expect(
      (
        await as(acme()).proofs.list({
          projectId: (await t.db.selectFrom("proofs").select("projectId").where("id", "=", proofId).executeTakeFirstOrThrow()).projectId,
        })
      )[0]?.status,
    ).toBe("sent");
  });

  it("with the code a guest pins and decides on that round only, recorded as verified by e-mail code", async () => {
    const { projectId, proofId, fileId } = await round("Guest decides");
    const elsewhere = await round("Another project");
    const { url, id: shareId } = await as(studio()).proofs.share({ proofId, expiresInDays: 3 });
    const token = tokenOf(url);

    const guest = browser();
    await guest.caller.guest.requestCode({ token, email: "Gia@Decides.test", name: "Gia Guest" });
    const code = await codeMailed("gia@decides.test", 0);
    const started = await guest.caller.guest.verify({ token, email: "gia@decides.test", code });
    expect(started).toMatchObject({ proofId, name: "Gia Guest" });
    // The cookie: httpOnly, SameSite=Lax, not Secure on an http site, ending with the link at the latest.
    const [header] = guest.jar.headers;
    expect(header).toMatch(new RegExp(`^${GUEST_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Expires=.+; HttpOnly; SameSite=Lax$`));
    const expires = new Date(/Expires=([^;]+)/.exec(header ?? "")?.[1] ?? "");
    expect(expires.getTime()).toBeLessThanOrEqual(Date.now() + 3 * DAY);
    // The cookie's value is kept only as its hash.
    const stored = await sql<{ tokenHash: string }>`select token_hash from guest_sessions where share_id = ${shareId}`.execute(t.db);
    expect(stored.rows.map((r) => r.tokenHash)).toEqual([
      createHash("sha256")
        .update(guest.jar.value ?? "")
        .digest("hex"),
    ]);
    // A code works once.
    expect(await codeOf(browser().caller.guest.verify({ token, email: "gia@decides.test", code }))).toBe("PRECONDITION_FAILED");

    const pin = await guest.caller.annotations.create({ proofId, fileId, x: 0.25, y: 0.5, body: "Can the logo be bigger?" });
    const pins = await guest.caller.annotations.list({ proofId });
    expect(pins).toMatchObject([{ id: pin.id, body: "Can the logo be bigger?", authorName: "Gia Guest (guest)", byGuest: true }]);
    const pinRow = await t.db
      .selectFrom("annotations")
      .select(["createdBy", "guestName", "guestEmail"])
      .where("id", "=", pin.id)
      .executeTakeFirstOrThrow();
    expect(pinRow).toEqual({ createdBy: null, guestName: "Gia Guest", guestEmail: "gia@decides.test" });
    // The guest may redraw their own mark, and only theirs; nobody else may redraw the guest's.
    expect(pins[0]?.changeable).toBe(true);
    await guest.caller.annotations.redraw({ proofId, annotationId: pin.id, x: 0.3, y: 0.5, w: 0.2, h: 0.1 });
    expect(await guest.caller.annotations.list({ proofId })).toMatchObject([{ x: 0.3, y: 0.5, w: 0.2, h: 0.1 }]);
    expect((await as(studio()).annotations.list({ proofId }))[0]?.changeable).toBe(false);
    expect(await codeOf(as(studio()).annotations.redraw({ proofId, annotationId: pin.id, x: 0.1, y: 0.1 }))).toBe("FORBIDDEN");
    const studioPin = await as(studio()).annotations.create({ proofId, fileId, x: 0.7, y: 0.7, body: "Studio's own" });
    expect(await codeOf(guest.caller.annotations.remove({ proofId, annotationId: studioPin.id }))).toBe("FORBIDDEN");
    // Another round's pin, named through this round's link: not found.
    const otherPin = await as(acme()).annotations.create({
      proofId: elsewhere.proofId,
      fileId: elsewhere.fileId,
      x: 0.5,
      y: 0.5,
      body: "x",
    });
    expect(await codeOf(guest.caller.annotations.remove({ proofId, annotationId: otherPin.id }))).toBe("NOT_FOUND");
    await as(studio()).annotations.remove({ proofId, annotationId: studioPin.id });
    // The studio's people see the guest in the thread by name.
    const thread = await as(studio()).comments.byProject({ projectId });
    expect(thread.find((c) => c.id === pin.commentId)?.user.name).toBe("Gia Guest (guest)");
    // No internal note, no file of another proof, no other round or project.
    expect(await codeOf(guest.caller.annotations.create({ proofId, fileId, x: 0.1, y: 0.1, body: "psst", shadow: true }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(guest.caller.annotations.create({ proofId, fileId: elsewhere.fileId, x: 0.1, y: 0.1, body: "x" }))).toBe(
      "NOT_FOUND",
    );
    for (const other of [elsewhere.proofId, "no-such-proof"]) {
      expect(await codeOf(guest.caller.annotations.list({ proofId: other }))).toBe("NOT_FOUND");
      expect(await codeOf(guest.caller.annotations.create({ proofId: other, fileId: elsewhere.fileId, x: 0.1, y: 0.1, body: "x" }))).toBe(
        "NOT_FOUND",
      );
      expect(await codeOf(guest.caller.proofs.approve({ proofId: other }))).toBe("NOT_FOUND");
      expect(await codeOf(guest.caller.proofs.requestChanges({ proofId: other, body: "x" }))).toBe("NOT_FOUND");
    }

    await guest.caller.proofs.requestChanges({ proofId, body: "Please make the logo bigger" });
    const changes = await t.db
      .selectFrom("proofs")
      .select(["status", "changesBy", "changesVerifiedBy", "changesGuestName", "changesGuestEmail"])
      .where("id", "=", proofId)
      .executeTakeFirstOrThrow();
    expect(changes).toEqual({
      status: "changes_requested",
      changesBy: null,
      changesVerifiedBy: "email_code",
      changesGuestName: "Gia Guest",
      changesGuestEmail: "gia@decides.test",
    });

    // The next round, shared again, is approved by another guest; the record names them and how they were known.
    const second = await as(studio()).proofs.create({ projectId, fileIds: [fileId] });
    expect(await codeOf(guest.caller.proofs.approve({ proofId: second.id }))).toBe("NOT_FOUND");
    const next = await as(studio()).proofs.share({ proofId: second.id, expiresInDays: 3 });
    const approver = await verifiedGuest(tokenOf(next.url), "omar@outside.test", "Omar Owner");
    await approver.caller.proofs.approve({ proofId: second.id });
    const [latest, earlier] = await as(studio()).proofs.list({ projectId });
    expect(latest?.approval).toMatchObject({
      by: null,
      byName: "Omar Owner (guest)",
      actingFor: null,
      verifiedBy: "email_code",
      guest: { name: "Omar Owner", email: "omar@outside.test" },
    });
    expect(earlier).toMatchObject({ status: "changes_requested", changesVerifiedBy: "email_code", changesGuestName: "Gia Guest" });
    // A decision of someone signed in is recorded as such.
    const signedIn = await round("Signed in decides");
    await as(acme()).proofs.approve({ proofId: signedIn.proofId });
    expect((await as(acme()).proofs.list({ projectId: signedIn.projectId }))[0]?.approval).toMatchObject({
      by: client.id,
      verifiedBy: "session",
      guest: null,
    });

    // On an https site the cookie is Secure.
    const shared = await as(studio()).proofs.share({ proofId: signedIn.proofId, expiresInDays: 1 });
    const secure = browser({ appUrl: "https://studio.test" });
    await secure.caller.guest.requestCode({ token: tokenOf(shared.url), email: "sam@outside.test", name: "Sam" });
    await secure.caller.guest.verify({
      token: tokenOf(shared.url),
      email: "sam@outside.test",
      code: await codeMailed("sam@outside.test", 0),
    });
    expect(secure.jar.headers[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("a guest's pin and approval are told to webhooks as comment.created and proof.decided, naming the guest", async () => {
    const { projectId, proofId, fileId } = await round("Hooked");
    const endpointId = randomUUID();
    await createWebhookEndpoint(t.db, {
      id: endpointId,
      name: "Guest decisions",
      url: "https://hooks.example.com/guest",
      secret: "whsec_c2VjcmV0",
      events: ["comment.created", "proof.decided"],
      internal: false,
      createdBy: admin.id,
      createdAt: new Date(),
    });
    try {
      const { url } = await as(studio()).proofs.share({ proofId, expiresInDays: 7 });
      const guest = await verifiedGuest(tokenOf(url), "hook@outside.test", "Hanna Hook");
      const pin = await guest.caller.annotations.create({ proofId, fileId, x: 0.2, y: 0.3, body: "Logo larger" });
      await guest.caller.proofs.approve({ proofId });
      const told = (await t.db.selectFrom("webhookDeliveries").select("body").where("endpointId", "=", endpointId).execute()).map(
        (d) => JSON.parse(d.body) as { type: string; data: Record<string, unknown> },
      );
      const guestActor = { id: null, name: "Hanna Hook", role: "guest", email: "hook@outside.test", verifiedBy: "email_code" };
      const comment = told.find((e) => e.type === "comment.created");
      expect(comment?.data).toMatchObject({
        comment: { id: pin.commentId, body: "Logo larger" },
        project: { id: projectId },
        actor: guestActor,
      });
      const decided = told.find((e) => e.type === "proof.decided");
      expect(decided?.data).toMatchObject({ decision: "approved", proof: { id: proofId }, project: { id: projectId }, actor: guestActor });
      expect(told.map((e) => e.type).sort()).toEqual(["comment.created", "proof.decided"]);
    } finally {
      await deleteWebhookEndpoint(t.db, endpointId);
    }
  });

  it("guest.link says only whether the link holds; guest.round answers the guest's round only, files included", async () => {
    const { projectId, proofId, fileId } = await round("Read by a guest");
    const elsewhere = await round("Not theirs");
    const share = await as(studio()).proofs.share({ proofId, expiresInDays: 5, password: "letmein!" });
    const token = tokenOf(share.url);

    // Before a code: the link's title, round and whether it needs a password; nothing of the round itself.
    const link = await browser().caller.guest.link({ token });
    expect(link).toEqual({ open: true, projectTitle: "Read by a guest", round: 1, needsPassword: true, expiresAt: expect.any(Date) });
    expect(await codeOf(browser().caller.guest.link({ token: randomBytes(32).toString("base64url") }))).toBe("NOT_FOUND");
    expect(await codeOf(browser().caller.guest.link({ token: "short" }))).toBe("BAD_REQUEST");
    expect(await codeOf(browser().caller.guest.round())).toBe("UNAUTHORIZED");
    expect(await codeOf(as(acme()).guest.round())).toBe("UNAUTHORIZED");

    const guest = await verifiedGuest(token, "reader@outside.test", "Rae Reader", "letmein!");
    const read = await guest.caller.guest.round();
    expect(read).toMatchObject({
      proofId,
      projectTitle: "Read by a guest",
      round: 1,
      status: "sent",
      you: { name: "Rae Reader", email: "reader@outside.test" },
      approval: null,
      changes: null,
    });
    expect(read.files).toEqual([
      expect.objectContaining({
        id: fileId,
        name: "Read-by-a-guest.png",
        size: 4096,
        downloadUrl: `http://app.test/api/files/proof/${proofId}/${fileId}`,
      }),
    ]);
    expect(JSON.stringify(read)).not.toContain(elsewhere.proofId);
    expect(JSON.stringify(read)).not.toMatch(/"key"/);
    // Opened by its own link, the round shows; the link of another round asks the holder for their address instead.
    expect((await guest.caller.guest.round({ token })).proofId).toBe(proofId);
    const other = await as(studio()).proofs.share({ proofId: elsewhere.proofId, expiresInDays: 5 });
    await expect(guest.caller.guest.round({ token: tokenOf(other.url) })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: expect.stringContaining("another round"),
    });

    // The file links: the web app's check lets the guest's cookie reach this round's files, and no other.
    const cookie = `${GUEST_COOKIE}=${guest.jar.value}`;
    const viewer = await guestOfCookie(t.db, cookie, new Date());
    expect(viewer).toMatchObject({ proofId, email: "reader@outside.test" });
    expect(await guestOfCookie(t.db, `${GUEST_COOKIE}=${randomBytes(32).toString("base64url")}`, new Date())).toBeNull();
    const download = createFileDownloadHandler({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl } });
    const own = await download(null, ["proof", proofId, fileId], viewer);
    expect(own.status).toBe(302);
    expect((await fetch(own.headers.get("location") ?? "")).status).toBe(200);
    expect((await download(null, ["proof", elsewhere.proofId, elsewhere.fileId], viewer)).status).toBe(404);
    expect((await download(null, ["project", fileId], viewer)).status).toBe(404);
    expect((await download(null, ["proof", proofId, fileId], null)).status).toBe(401);
    // "Download all": the guest's own round as a ZIP holding its file; another round is not found.
    expect(read.zipUrl).toBe(`http://app.test/api/proofs/${proofId}/zip`);
    const zip = createProofZipHandler({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl } });
    const archive = await zip(null, proofId, viewer);
    expect(archive.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await archive.arrayBuffer())))).toEqual(["Read-by-a-guest.png"]);
    expect((await zip(null, elsewhere.proofId, viewer)).status).toBe(404);
    expect((await zip(null, proofId, null)).status).toBe(401);

    // The guest asks for changes; the next round is sent; the guest still reads their round, with their decision.
    await guest.caller.proofs.requestChanges({ proofId, body: "Warmer red" });
    const next = await as(studio()).proofs.create({ projectId, fileIds: [fileId] });
    const after = await guest.caller.guest.round();
    expect(after).toMatchObject({
      proofId,
      round: 1,
      status: "changes_requested",
      changes: { name: "Rae Reader (guest)", verifiedBy: "email_code" },
    });
    expect(JSON.stringify(after)).not.toContain(next.id);
    expect((await download(null, ["proof", next.id, fileId], viewer)).status).toBe(404);

    // Withdrawn: the read and the files are refused at once, and the link says why, and nothing more.
    await as(studio()).proofs.revokeShare({ id: share.id });
    await expect(guest.caller.guest.round()).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("withdrawn") });
    expect(await guestOfCookie(t.db, cookie, new Date())).toBeNull();
    expect(await browser().caller.guest.link({ token })).toEqual({ open: false, refusal: "This review link was withdrawn by the studio." });
  });

  it("a verified guest is refused every other procedure of the router, even with its own round's ids", async () => {
    const { projectId, proofId, fileId } = await round("Sweep");
    const { url } = await as(studio()).proofs.share({ proofId, expiresInDays: 7 });
    const guest = await verifiedGuest(tokenOf(url), "sweep@outside.test", "Sweep Guest");
    const pin = await guest.caller.annotations.create({ proofId, fileId, x: 0.5, y: 0.5, body: "Mine" });
    const own: Ids = {
      business: DEMO_BUSINESS.id,
      user: client.id,
      project: projectId,
      file: fileId,
      comment: pin.commentId,
      invoice: "demo-invoice",
      post: "demo-post-welcome",
      brandFile: "demo-brand-file",
      colour: "demo-colour",
      proof: proofId,
      annotation: pin.id,
      // Webhook deliveries and time entries are the studio's alone: a guest has none of its own.
      delivery: randomUUID(),
      timeEntry: randomUUID(),
      service: randomUUID(),
    };
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>);
    const others = procedures.filter(([path]) => !GUEST_SCOPED.includes(path) && !LINK_PROCEDURES.includes(path));
    expect(others.map(([path]) => path)).toEqual(
      expect.arrayContaining(["projects.byId", "comments.findMany", "proofs.list", "annotations.resolve", "proofs.share"]),
    );
    let calls = 0;
    for (const [path, procedure] of others) {
      for (const input of inputsFor(path, procedure._def.inputs, own, own)) {
        // biome-ignore lint/suspicious/noExplicitAny: the procedure is reached by its path
        const call = path.split(".").reduce<any>((node, key) => node[key], guest.caller);
        const outcome = await call(input).then(
          () => "answered",
          (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
        );
        expect(REFUSED, `${path}(${JSON.stringify(input)})`).toContain(outcome);
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(others.length);
    // The four it may call answer on its round.
    expect((await guest.caller.annotations.list({ proofId })).map((p) => p.id)).toEqual([pin.id]);
  });

  it(`wrong codes lock the link for the address after ${GUEST_CODE_MAX_WRONG}; an expired code is refused`, async () => {
    const { proofId } = await round("Locks");
    const { url } = await as(studio()).proofs.share({ proofId, expiresInDays: 7 });
    const token = tokenOf(url);
    const guest = browser();
    await guest.caller.guest.requestCode({ token, email: "lou@outside.test", name: "Lou" });
    const code = await codeMailed("lou@outside.test", 0);
    for (let i = 1; i < GUEST_CODE_MAX_WRONG; i++) {
      await expect(guest.caller.guest.verify({ token, email: "lou@outside.test", code: otherThan(code) })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
        message: expect.stringContaining(`${GUEST_CODE_MAX_WRONG - i} tr`),
      });
    }
    await expect(guest.caller.guest.verify({ token, email: "lou@outside.test", code: otherThan(code) })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("locked for lou@outside.test"),
    });
    // Locked: the right code, and a new code, are refused for that address on that link.
    expect(await codeOf(guest.caller.guest.verify({ token, email: "lou@outside.test", code }))).toBe("FORBIDDEN");
    expect(await codeOf(guest.caller.guest.requestCode({ token, email: "lou@outside.test", name: "Lou" }))).toBe("FORBIDDEN");
    expect(guest.jar.value).toBeUndefined();
    // Another address on the same link still gets in.
    await verifiedGuest(token, "kim@outside.test", "Kim");

    // Guesses sent all at once are counted one by one: no more than five are ever compared.
    await guest.caller.guest.requestCode({ token, email: "max@outside.test", name: "Max" });
    const right = await codeMailed("max@outside.test", 0);
    const guesses = Array.from({ length: GUEST_CODE_MAX_WRONG + 3 }, () =>
      codeOf(browser().caller.guest.verify({ token, email: "max@outside.test", code: otherThan(right) })),
    );
    const codes = await Promise.all(guesses);
    expect(codes.filter((c) => c === "UNAUTHORIZED").length).toBe(GUEST_CODE_MAX_WRONG - 1);
    expect(codes.filter((c) => c === "FORBIDDEN").length).toBe(4);
    const counted = await t.db
      .selectFrom("guestCodeFailures")
      .select("wrong")
      .where("email", "=", "max@outside.test")
      .executeTakeFirstOrThrow();
    expect(counted.wrong).toBe(GUEST_CODE_MAX_WRONG);
    expect(await codeOf(guest.caller.guest.verify({ token, email: "max@outside.test", code: right }))).toBe("FORBIDDEN");

    // A code past its ten minutes is refused; within them the same code works.
    const late = browser({ later: GUEST_CODE_TTL_MS + 1000 });
    await guest.caller.guest.requestCode({ token, email: "ada@outside.test", name: "Ada" });
    const fresh = await codeMailed("ada@outside.test", 0);
    await expect(late.caller.guest.verify({ token, email: "ada@outside.test", code: fresh })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: expect.stringContaining("expired"),
    });
    expect(late.jar.value).toBeUndefined();
    await guest.caller.guest.verify({ token, email: "ada@outside.test", code: fresh });
    expect(guest.jar.value).toBeTruthy();
  });

  it("code requests are limited per address and per link, answering TOO_MANY_REQUESTS", async () => {
    const { proofId } = await round("Limits");
    const first = tokenOf((await as(studio()).proofs.share({ proofId, expiresInDays: 7 })).url);
    const second = tokenOf((await as(studio()).proofs.share({ proofId, expiresInDays: 7 })).url);
    const guest = browser();
    const ask = (token: string, email: string, c = guest.caller) => c.guest.requestCode({ token, email, name: "Rae" });
    for (let i = 0; i < GUEST_CODE_REQUESTS_PER_ADDRESS.max; i++) await ask(i % 2 ? first : second, "rae@outside.test");
    // Per address, on any link.
    expect(await codeOf(ask(first, "rae@outside.test"))).toBe("TOO_MANY_REQUESTS");
    expect(await codeOf(ask(second, "rae@outside.test"))).toBe("TOO_MANY_REQUESTS");
    // After the window it may ask again.
    await ask(first, "rae@outside.test", browser({ later: GUEST_CODE_REQUESTS_PER_ADDRESS.windowMs + 1000 }).caller);

    // Per link, whatever the address: the first link has had every other of those, and the one an hour later.
    const onFirst = Math.floor(GUEST_CODE_REQUESTS_PER_ADDRESS.max / 2) + 1;
    for (let i = onFirst; i < GUEST_CODE_REQUESTS_PER_LINK.max; i++) await ask(first, `many${i}@outside.test`);
    expect(await codeOf(ask(first, "one-more@outside.test"))).toBe("TOO_MANY_REQUESTS");
    await ask(second, "one-more@outside.test");
  });

  it("a withdrawn or expired link is refused at once, mid-session too", async () => {
    const { proofId, fileId } = await round("Withdrawn");
    const share = await as(studio()).proofs.share({ proofId, expiresInDays: 7 });
    const token = tokenOf(share.url);
    const guest = await verifiedGuest(token, "val@outside.test", "Val");
    await guest.caller.annotations.create({ proofId, fileId, x: 0.5, y: 0.5, body: "Before" });
    await as(studio()).proofs.revokeShare({ id: share.id });
    await expect(guest.caller.annotations.list({ proofId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("withdrawn"),
    });
    expect(await codeOf(guest.caller.annotations.create({ proofId, fileId, x: 0.5, y: 0.5, body: "After" }))).toBe("FORBIDDEN");
    expect(await codeOf(guest.caller.proofs.approve({ proofId }))).toBe("FORBIDDEN");
    expect(await codeOf(browser().caller.guest.requestCode({ token, email: "val@outside.test", name: "Val" }))).toBe("FORBIDDEN");
    expect((await as(studio()).proofs.shares({ proofId }))[0]?.revokedAt).toBeInstanceOf(Date);

    // A link of one day: its guest is refused the moment it ends.
    const short = await as(studio()).proofs.share({ proofId, expiresInDays: 1 });
    const early = await verifiedGuest(tokenOf(short.url), "eve@outside.test", "Eve");
    expect((await early.caller.annotations.list({ proofId })).length).toBe(1);
    const after = browser({ later: DAY + 1000, cookie: early.jar.value });
    await expect(after.caller.annotations.list({ proofId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("expired"),
    });
    expect(await codeOf(after.caller.guest.requestCode({ token: tokenOf(short.url), email: "eve@outside.test", name: "Eve" }))).toBe(
      "FORBIDDEN",
    );
  });

  it("a link's password and its named addresses are enforced", async () => {
    const { proofId } = await round("Locked down");
    const { url } = await as(studio()).proofs.share({ proofId, expiresInDays: 7, password: "open sesame", emails: ["ana@client.test"] });
    const token = tokenOf(url);
    const guest = browser();
    await expect(
      guest.caller.guest.requestCode({ token, email: "mallory@outside.test", name: "M", password: "open sesame" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("other e-mail addresses"),
    });
    await expect(guest.caller.guest.requestCode({ token, email: "ana@client.test", name: "Ana" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("password"),
    });
    expect(await codeOf(guest.caller.guest.requestCode({ token, email: "ana@client.test", name: "Ana", password: "open sesamE" }))).toBe(
      "FORBIDDEN",
    );
    expect(mailsTo("mallory@outside.test") + mailsTo("ana@client.test")).toBe(0);
    // The right password and a named address, however it is written.
    const ana = await verifiedGuest(token, "Ana@Client.TEST", "Ana", "open sesame");
    expect((await ana.caller.annotations.list({ proofId })).length).toBe(0);
    // A named address cannot verify on a code of its own either.
    expect(await codeOf(guest.caller.guest.verify({ token, email: "mallory@outside.test", code: "123456" }))).toBe("FORBIDDEN");
  });

  it("over HTTP: guest.verify sets the cookie, and the cookie alone opens the round", async () => {
    const { proofId } = await round("Over HTTP");
    const { url } = await as(studio()).proofs.share({ proofId, expiresInDays: 2 });
    const token = tokenOf(url);
    const origin = "http://app.test";
    const handler = createTrpcHandler({
      endpoint: "/api/trpc",
      allowedOrigins: [origin],
      createContext: async (req, resHeaders) => ({
        db: t.db,
        user: null,
        now: () => new Date(),
        files: files(),
        mail: mail(),
        guestCookie: { value: guestCookieValue(req.headers.get("cookie")), set: (h) => resHeaders.append("set-cookie", h) },
      }),
    });
    const post = (path: string, json: unknown) =>
      handler(
        new Request(`${origin}/api/trpc/${path}`, {
          method: "POST",
          body: JSON.stringify({ json }),
          headers: { "content-type": "application/json", origin },
        }),
      );
    const list = (cookie?: string) =>
      handler(
        new Request(`${origin}/api/trpc/annotations.list?input=${encodeURIComponent(JSON.stringify({ json: { proofId } }))}`, {
          headers: cookie ? { cookie } : {},
        }),
      );
    expect((await post("guest.requestCode", { token, email: "http@outside.test", name: "Hal" })).status).toBe(200);
    const code = await codeMailed("http@outside.test", 0);
    const verified = await post("guest.verify", { token, email: "http@outside.test", code });
    expect(verified.status).toBe(200);
    const cookie = verified.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${GUEST_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
    expect((await list()).status).toBe(401);
    expect((await list(`other=1; ${cookie.split(";")[0]}`)).status).toBe(200);
  });
});
