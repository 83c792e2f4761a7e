// The design loop on real PostgreSQL with the real upload balancer and servers: proof rounds whose files are hashed by
// the server from the stored bytes, the revision ledger, approvals bound to those bytes, print-ready files checked
// against them, stages enforced on comments, and internal pins that never reach a client.
import { createHash, randomBytes } from "node:crypto";
import { createBusiness, DEMO_BUSINESS, DEMO_USERS, seedDemo, setUserBusiness } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { COMMENT_BODY_MAX_LENGTH, type FileKind, type LiveEvent, type SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { createUploader, type FetchLike, fromBytes } from "@atelier/upload-engine";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createProofZipHandler } from "./index";
import { codeOf } from "./testing/code-of";
import { openFileLink } from "./testing/downloads";

const [admin, creative, client] = DEMO_USERS;
const secret = "proofs-test-secret-0123456789";
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

/** An arrow from (0.2, 0.3) to (0.6, 0.7) of a page. */
const arrow = {
  kind: "arrow" as const,
  points: [
    [0.2, 0.3],
    [0.6, 0.7],
  ] as [[number, number], [number, number]],
};

describe("proofs, approvals and pins", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  let smtp: SmtpSink;
  let outbox: Outbox;
  const live: LiveEvent[] = [];
  const as = (user: SessionUser) =>
    createCaller({
      db: t.db,
      user,
      // The upload servers check tickets and links against the real clock.
      now: () => new Date(),
      files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl },
      mail: { outbox, appUrl: "http://app.test", digestWindowMs: 0, signInLink: async () => "http://app.test/sign-in" },
      live: { publish: async (e) => void live.push(e) },
    });

  const uploaderFor = (access: { ticket: string; balancerUrl: string }) =>
    createUploader({
      balancerUrl: access.balancerUrl,
      fetch: globalThis.fetch as unknown as FetchLike,
      headers: { authorization: `Bearer ${access.ticket}` },
      sleep: async () => undefined,
    });

  /**
   * Uploads real bytes through the upload servers with a ticket the API issues and adds the file to the project as the
   * dialog does, except that the browser here claims a false SHA-256: the server must never take it.
   */
  async function addFile(user: SessionUser, projectId: string, kind: FileKind, name: string, bytes: Uint8Array) {
    const { ticket, balancerUrl, folder } = await as(user).uploads.ticket({ projectId, kind });
    const [outcome] = await uploaderFor({ ticket, balancerUrl }).upload([
      { source: fromBytes(bytes, { name }), urlPath: `${folder}/${name}` },
    ]);
    if (!outcome?.ok) throw new Error(`upload failed: ${JSON.stringify(outcome)}`);
    const uploadId = randomBytes(8).toString("hex");
    const claimed = "0".repeat(64);
    await as(user).projects.addFiles({
      projectId,
      kind,
      files: [{ id: uploadId, url: outcome.url, thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name, sha256: claimed }],
    });
    const file = (await as(user).projects.byId({ id: projectId })).files.find((f) => f.uploadId === uploadId);
    if (!file) throw new Error("file not added");
    return file;
  }

  /** A project of Acme's, briefed by the client, so the studio may send proofs. */
  async function briefedProject(title = "Autumn menu") {
    const { id } = await as(acme()).projects.create({ title, event: "print" });
    await as(acme()).comments.create({ projectId: id, body: "Here is the brief", event: "briefing" });
    return id;
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
    await t?.destroy();
    await smtp?.close();
    await uploads?.close();
  });

  it("rounds go out, changes use the allowance, and the approval names the SHA-256 of the stored bytes", async () => {
    const projectId = await briefedProject();
    const png = randomBytes(48 * 1024);
    const pdf = randomBytes(300 * 1024);
    const image = await addFile(studio(), projectId, "materials", "flyer.png", png);
    const document = await addFile(studio(), projectId, "materials", "flyer.pdf", pdf);

    // Only the studio sends proofs; a client or another business learns nothing.
    expect(await codeOf(as(acme()).proofs.create({ projectId, fileIds: [image.id] }))).toBe("FORBIDDEN");
    expect(await codeOf(as(globex()).proofs.create({ projectId, fileIds: [image.id] }))).toBe("NOT_FOUND");
    expect(await codeOf(as(studio()).proofs.create({ projectId, fileIds: ["no-such-file"] }))).toBe("NOT_FOUND");

    const first = await as(studio()).proofs.create({
      projectId,
      fileIds: [image.id, document.id],
      note: "First take",
      dueOn: "2026-12-01",
    });
    expect(first.round).toBe(1);
    expect((await as(acme()).projects.byId({ id: projectId })).stage).toBe("proof_sent");
    const [listed] = await as(acme()).proofs.list({ projectId });
    // The server's own hashes of the stored bytes, not the zeros the browser claimed.
    expect(listed?.files.map((f) => [f.id, f.name, f.sha256])).toEqual([
      [image.id, "flyer.png", sha256(png)],
      [document.id, "flyer.pdf", sha256(pdf)],
    ]);
    expect(listed).toMatchObject({ round: 1, status: "sent", note: "First take", dueOn: "2026-12-01", approval: null });

    // A designer never answers for the client.
    expect(await codeOf(as(studio()).proofs.approve({ proofId: first.id }))).toBe("FORBIDDEN");
    expect(await codeOf(as(studio()).proofs.requestChanges({ proofId: first.id, body: "x" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(globex()).proofs.approve({ proofId: first.id }))).toBe("NOT_FOUND");

    expect(await as(acme()).proofs.ledger({ projectId })).toMatchObject({ used: 0, allowance: 3, next: { label: "round 1 of 3 used" } });
    expect(await as(acme()).proofs.requestChanges({ proofId: first.id, body: "Logo too small" })).toEqual({
      revisionsUsed: 1,
      allowance: 3,
      billable: false,
    });
    expect(await codeOf(as(acme()).proofs.approve({ proofId: first.id }))).toBe("PRECONDITION_FAILED");
    expect((await as(acme()).projects.byId({ id: projectId })).stage).toBe("modification");
    expect(await as(studio()).proofs.ledger({ projectId })).toMatchObject({ used: 1, label: "round 1 of 3 used" });

    // A note as long as a comment may be: its thread entry ("Round 2: ...") is cut to the limit the database keeps.
    const second = await as(studio()).proofs.create({ projectId, fileIds: [document.id], note: "n".repeat(COMMENT_BODY_MAX_LENGTH) });
    expect(second.round).toBe(2);
    const sent = (await as(studio()).comments.byProject({ projectId })).find((c) => c.body.startsWith("Round 2: "));
    expect(sent?.body).toHaveLength(COMMENT_BODY_MAX_LENGTH);
    expect(sent?.body.endsWith("n…")).toBe(true);
    const third = await as(studio()).proofs.create({ projectId, fileIds: [image.id], note: "Or this one" });
    // Round 2 was replaced by round 3 before anyone answered it.
    expect(await codeOf(as(acme()).proofs.approve({ proofId: second.id }))).toBe("PRECONDITION_FAILED");
    const approval = await as(acme()).proofs.approve({ proofId: third.id });
    expect(approval.sha256s).toEqual([sha256(png)]);
    expect(await codeOf(as(acme()).proofs.approve({ proofId: third.id }))).toBe("PRECONDITION_FAILED");

    const proofs = await as(acme()).proofs.list({ projectId });
    expect(proofs.map((p) => [p.round, p.status])).toEqual([
      [3, "approved"],
      [2, "superseded"],
      [1, "changes_requested"],
    ]);
    expect(proofs[0]?.approval).toMatchObject({ by: client.id, actingFor: null, sha256s: [sha256(png)] });
    expect((await as(acme()).projects.byId({ id: projectId })).stage).toBe("approved");
    // "Download all": the round's files in one ZIP streamed from the upload servers, byte for byte, for whoever may see
    // the proof when the link is opened; anyone else finds nothing.
    const zipHandler = createProofZipHandler({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl } });
    expect(proofs.at(-1)!.zipUrl).toBe(`http://app.test/api/proofs/${first.id}/zip`);
    const zip = await zipHandler(acme(), first.id);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, sha256(bytes)]))).toEqual({
      "flyer.png": sha256(png),
      "flyer.pdf": sha256(pdf),
    });
    expect((await zipHandler(acme(), "no-such-proof")).status).toBe(404);
    expect((await zipHandler(null, first.id)).status).toBe(401);
    expect((await zipHandler(globex(), first.id)).status).toBe(404);
    // The thread tells each step, from the note that opened the project.
    const thread = await as(acme()).comments.byProject({ projectId });
    expect(thread.map((c) => c.event)).toEqual([null, "briefing", "proof_sent", "modification", "proof_sent", "proof_sent", "approved"]);
    expect(thread.at(-1)?.body).toContain(`flyer.png (SHA-256 ${sha256(png).slice(0, 16)}…)`);
  });

  it("an admin approves for the client, recorded as such, and requests past the allowance are billable", async () => {
    const projectId = await briefedProject("Gift cards");
    const bytes = randomBytes(10_000);
    const file = await addFile(studio(), projectId, "materials", "card.png", bytes);
    await as(boss()).proofs.setAllowance({ businessId: DEMO_BUSINESS.id, allowance: 1 });
    try {
      const one = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
      expect((await as(acme()).proofs.requestChanges({ proofId: one.id, body: "Warmer" })).billable).toBe(false);
      const two = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
      expect(await as(acme()).proofs.ledger({ projectId })).toMatchObject({ next: { round: 2, billable: true } });
      expect(await as(boss()).proofs.requestChanges({ proofId: two.id, body: "Still colder than asked" })).toEqual({
        revisionsUsed: 2,
        allowance: 1,
        billable: true,
      });
      const three = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
      await as(boss()).proofs.approve({ proofId: three.id });
      const [latest, second] = await as(acme()).proofs.list({ projectId });
      expect(latest?.approval).toMatchObject({ by: admin.id, actingFor: DEMO_BUSINESS.id, sha256s: [sha256(bytes)] });
      expect(second).toMatchObject({ billable: true, revision: 2 });
      expect(await codeOf(as(acme()).proofs.setAllowance({ businessId: DEMO_BUSINESS.id, allowance: 9 }))).toBe("FORBIDDEN");
    } finally {
      await as(boss()).proofs.setAllowance({ businessId: DEMO_BUSINESS.id, allowance: 3 });
    }
  });

  it("a proof keeps its bytes when the file leaves the project or another is uploaded under its name", async () => {
    const projectId = await briefedProject("Posters");
    const bytes = randomBytes(20_000);
    const file = await addFile(studio(), projectId, "materials", "poster.png", bytes);
    const proof = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
    await as(studio()).projects.removeFile({ id: file.id });
    expect((await as(acme()).projects.byId({ id: projectId })).files).toEqual([]);
    const [kept] = (await as(acme()).proofs.list({ projectId }))[0]?.files ?? [];
    const open = (link: string) => openFileLink({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl } }, acme(), link);
    const download = await open(kept!.downloadUrl!);
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));

    // The same name uploaded again with other bytes is stored beside it: what the proof holds never changes.
    const other = randomBytes(20_000);
    const again = await addFile(studio(), projectId, "materials", "poster.png", other);
    expect(again.downloadUrl).not.toBe(kept!.downloadUrl);
    expect(sha256(new Uint8Array(await (await open(kept!.downloadUrl!)).arrayBuffer()))).toBe(sha256(bytes));
    expect((await as(acme()).proofs.approve({ proofId: proof.id })).sha256s).toEqual([sha256(bytes)]);
  });

  it("print-ready files that are not the approved bytes are flagged, and cannot be delivered", async () => {
    const projectId = await briefedProject("Business cards");
    const approvedBytes = randomBytes(30_000);
    const draft = await addFile(studio(), projectId, "materials", "cards.pdf", approvedBytes);
    expect((await as(acme()).projects.byId({ id: projectId })).printCheck).toBeNull();
    const proof = await as(studio()).proofs.create({ projectId, fileIds: [draft.id] });
    await as(acme()).proofs.approve({ proofId: proof.id });
    // Approved, but nothing to print yet: no file is said to match.
    expect((await as(acme()).projects.byId({ id: projectId })).printCheck).toMatchObject({ printReadyFiles: 0, mismatched: [] });

    await addFile(studio(), projectId, "print_ready", "cards-print.pdf", approvedBytes);
    const same = (await as(acme()).projects.byId({ id: projectId })).printCheck;
    expect(same).toMatchObject({ approvedRound: 1, sha256s: [sha256(approvedBytes)], printReadyFiles: 1, mismatched: [] });

    const changed = randomBytes(30_000);
    await addFile(studio(), projectId, "print_ready", "cards-print-v2.pdf", changed);
    const flagged = (await as(acme()).projects.byId({ id: projectId })).printCheck;
    expect(flagged).toMatchObject({ mismatched: [{ name: "cards-print-v2.pdf", sha256: sha256(changed) }] });
    expect(await codeOf(as(studio()).comments.create({ projectId, body: "Off to print", event: "delivered" }))).toBe("PRECONDITION_FAILED");
  });

  it("comments.create takes only the events the stage allows the caller", async () => {
    const { id: projectId } = await as(acme()).projects.create({ title: "Stage rules", event: "flyer" });
    const post = (user: SessionUser, event: Parameters<ReturnType<typeof as>["comments"]["create"]>[0]["event"]) =>
      as(user).comments.create({ projectId, body: "x", event });
    expect(await codeOf(post(acme(), "approved"))).toBe("BAD_REQUEST");
    expect(await codeOf(post(acme(), "modification"))).toBe("BAD_REQUEST");
    expect(await codeOf(post(studio(), "proof_sent"))).toBe("BAD_REQUEST");
    expect(await codeOf(post(studio(), "in_progress"))).toBe("PRECONDITION_FAILED");
    await post(acme(), "briefing");
    expect(await codeOf(post(acme(), "briefing"))).toBe("PRECONDITION_FAILED");
    expect(await codeOf(post(acme(), "in_progress"))).toBe("FORBIDDEN");
    await post(studio(), "in_progress");
    expect((await as(acme()).projects.byId({ id: projectId })).stage).toBe("in_progress");
    await post(acme(), null);
    await post(studio(), "shadow");
  });

  it("an arrow and a freehand stroke are pins with a shape, anchored at their first point, and nothing else", async () => {
    const projectId = await briefedProject("Shapes");
    const file = await addFile(studio(), projectId, "materials", "shapes.png", randomBytes(3000));
    const proof = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
    const stroke = {
      kind: "freehand" as const,
      points: [
        [0.5, 0.5],
        [0.52, 0.51],
        [0.55, 0.56],
      ] as [number, number][],
    };
    // The anchor is the shape's own, whatever x and y said.
    await as(acme()).annotations.create({ proofId: proof.id, fileId: file.id, x: 0.9, y: 0.9, shape: arrow, body: "Move this here" });
    await as(studio()).annotations.create({ proofId: proof.id, fileId: file.id, x: 0, y: 0, shape: stroke, body: "Circled" });
    const pins = await as(acme()).annotations.list({ proofId: proof.id });
    expect(pins.map((p) => [p.body, p.x, p.y, p.w, p.h, p.shape])).toEqual([
      ["Move this here", 0.2, 0.3, null, null, arrow],
      ["Circled", 0.5, 0.5, null, null, stroke],
    ]);
    const create = (shape: unknown, box: { w?: number; h?: number } = {}) =>
      codeOf(
        as(acme()).annotations.create({
          proofId: proof.id,
          fileId: file.id,
          x: 0,
          y: 0,
          ...box,
          shape: shape as typeof arrow,
          body: "x",
        }),
      );
    // Off the page, one point, an unknown kind, a shape with a box: refused, and nothing written.
    expect(
      await create({
        kind: "arrow",
        points: [
          [0.2, 0.3],
          [1.6, 0.7],
        ],
      }),
    ).toBe("BAD_REQUEST");
    expect(await create({ kind: "freehand", points: [[0.2, 0.3]] })).toBe("BAD_REQUEST");
    expect(
      await create({
        kind: "circle",
        points: [
          [0.2, 0.3],
          [0.3, 0.3],
        ],
      }),
    ).toBe("BAD_REQUEST");
    expect(await create(arrow, { w: 0.1, h: 0.1 })).toBe("BAD_REQUEST");
    expect(await as(acme()).annotations.list({ proofId: proof.id })).toHaveLength(2);
    // Another business's person cannot draw on it either.
    expect(await codeOf(as(globex()).annotations.create({ proofId: proof.id, fileId: file.id, x: 0, y: 0, shape: arrow, body: "x" }))).toBe(
      "NOT_FOUND",
    );
  });

  it("a mark is redrawn or removed by its author alone, while its round waits and it is open; its comment stays", async () => {
    const projectId = await briefedProject("Redraw");
    const file = await addFile(studio(), projectId, "materials", "redraw.png", randomBytes(3000));
    const proof = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
    const pin = await as(acme()).annotations.create({ proofId: proof.id, fileId: file.id, x: 0, y: 0, shape: arrow, body: "Move this" });
    const studioPin = await as(studio()).annotations.create({ proofId: proof.id, fileId: file.id, x: 0.5, y: 0.5, body: "Ours" });
    const changeable = async (user: SessionUser) =>
      (await as(user).annotations.list({ proofId: proof.id })).map((p) => [p.body, p.changeable]);
    expect(await changeable(acme())).toEqual([
      ["Move this", true],
      ["Ours", false],
    ]);
    expect(await changeable(studio())).toEqual([
      ["Move this", false],
      ["Ours", true],
    ]);

    // Redrawn as a box: the shape is gone, the comment is as written.
    await as(acme()).annotations.redraw({ proofId: proof.id, annotationId: pin.id, x: 0.1, y: 0.2, w: 0.3, h: 0.4 });
    const [redrawn] = await as(acme()).annotations.list({ proofId: proof.id });
    expect(redrawn).toMatchObject({ id: pin.id, body: "Move this", x: 0.1, y: 0.2, w: 0.3, h: 0.4, shape: null });
    // And as an arrow again, anchored at its own first point whatever x and y say.
    await as(acme()).annotations.redraw({ proofId: proof.id, annotationId: pin.id, x: 0.9, y: 0.9, shape: arrow });
    expect((await as(acme()).annotations.list({ proofId: proof.id }))[0]).toMatchObject({ x: 0.2, y: 0.3, w: null, h: null, shape: arrow });
    // Not a mark at all, someone else's, another business's: refused, nothing changed.
    expect(await codeOf(as(acme()).annotations.redraw({ proofId: proof.id, annotationId: pin.id, x: 0.1, y: 0.1, w: 0.2 }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(as(acme()).annotations.redraw({ proofId: proof.id, annotationId: pin.id, x: 1.5, y: 0.1 }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(studio()).annotations.redraw({ proofId: proof.id, annotationId: pin.id, x: 0.1, y: 0.1 }))).toBe("FORBIDDEN");
    expect(await codeOf(as(acme()).annotations.remove({ proofId: proof.id, annotationId: studioPin.id }))).toBe("FORBIDDEN");
    expect(await codeOf(as(globex()).annotations.remove({ proofId: proof.id, annotationId: pin.id }))).toBe("NOT_FOUND");
    expect((await as(acme()).annotations.list({ proofId: proof.id }))[0]).toMatchObject({ x: 0.2, y: 0.3, shape: arrow });

    // Resolved, it stays as it was until reopened.
    await as(studio()).annotations.resolve({ annotationId: pin.id, resolved: true });
    expect(await codeOf(as(acme()).annotations.remove({ proofId: proof.id, annotationId: pin.id }))).toBe("PRECONDITION_FAILED");
    await as(studio()).annotations.resolve({ annotationId: pin.id, resolved: false });

    // Removed: the pin is gone, its comment is still in the thread.
    await as(studio()).annotations.remove({ proofId: proof.id, annotationId: studioPin.id });
    expect((await as(acme()).annotations.list({ proofId: proof.id })).map((p) => p.id)).toEqual([pin.id]);
    expect((await as(acme()).comments.byProject({ projectId })).map((c) => c.body)).toContain("Ours");

    // Once the round is answered, its marks stay.
    await as(acme()).proofs.approve({ proofId: proof.id });
    expect(await changeable(acme())).toEqual([["Move this", false]]);
    expect(await codeOf(as(acme()).annotations.redraw({ proofId: proof.id, annotationId: pin.id, x: 0.1, y: 0.1 }))).toBe(
      "PRECONDITION_FAILED",
    );
  });

  it("pins point at a proof file and its thread entry; internal pins never reach a client, live or by mail", async () => {
    const projectId = await briefedProject("Pins");
    const file = await addFile(studio(), projectId, "materials", "pins.pdf", randomBytes(5000));
    const proof = await as(studio()).proofs.create({ projectId, fileIds: [file.id] });
    const heard = live.length;
    const pin = await as(acme()).annotations.create({
      proofId: proof.id,
      fileId: file.id,
      x: 0.25,
      y: 0.5,
      page: 1,
      body: "logo too small",
    });
    const secretNote = "client never sees this pinned note";
    const shadow = await as(studio()).annotations.create({
      proofId: proof.id,
      fileId: file.id,
      x: 0.1,
      y: 0.1,
      w: 0.5,
      h: 0.2,
      body: secretNote,
      shadow: true,
    });
    expect(await codeOf(as(acme()).annotations.create({ proofId: proof.id, fileId: file.id, x: 0, y: 0, body: "x", shadow: true }))).toBe(
      "FORBIDDEN",
    );
    expect(
      await codeOf(as(acme()).annotations.create({ proofId: proof.id, fileId: file.id, x: 0.9, y: 0, w: 0.5, h: 0.1, body: "x" })),
    ).toBe("BAD_REQUEST");
    expect(await codeOf(as(acme()).annotations.create({ proofId: proof.id, fileId: "other", x: 0, y: 0, body: "x" }))).toBe("NOT_FOUND");
    expect(await codeOf(as(globex()).annotations.list({ proofId: proof.id }))).toBe("NOT_FOUND");

    // The pin and its thread entry point at each other.
    const clientPins = await as(acme()).annotations.list({ proofId: proof.id });
    expect(clientPins.map((p) => [p.id, p.commentId, p.body, p.page])).toEqual([[pin.id, pin.commentId, "logo too small", 1]]);
    expect((await as(acme()).comments.byProject({ projectId })).map((c) => c.id)).toContain(pin.commentId);
    expect(await as(acme()).annotations.byProject({ projectId })).toEqual([
      { id: pin.id, commentId: pin.commentId, proofId: proof.id, fileId: file.id, page: 1, at: null, round: 1, fileName: "pins.pdf" },
    ]);
    expect((await as(studio()).annotations.byProject({ projectId })).map((p) => p.id)).toEqual([pin.id, shadow.id]);
    const studioPins = await as(studio()).annotations.list({ proofId: proof.id });
    expect(studioPins.map((p) => p.id)).toEqual([pin.id, shadow.id]);

    // Never through any procedure a client may call…
    const seen = JSON.stringify([
      clientPins,
      await as(acme()).comments.byProject({ projectId }),
      await as(acme()).comments.findMany(),
      await as(acme()).proofs.list({ projectId }),
      await as(acme()).projects.byId({ id: projectId }),
      await as(acme()).annotations.byProject({ projectId }),
    ]);
    expect(seen).not.toContain(secretNote);
    expect(seen).not.toContain(shadow.id);
    expect(await codeOf(as(acme()).annotations.resolve({ annotationId: shadow.id, resolved: true }))).toBe("NOT_FOUND");
    // …nor live: the internal pin's event is for the studio only.
    expect(live.slice(heard).map((e) => [e.commentId, e.staffOnly])).toEqual([
      [pin.commentId, false],
      [shadow.commentId, true],
    ]);
    // …nor by mail.
    await smtp.waitFor("admin@atelier.local");
    for (let waited = 0; (await t.db.selectFrom("outbox").select("id").where("status", "=", "pending").execute()).length > 0; waited++) {
      if (waited > 200) throw new Error("mail still pending");
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(smtp.mails.some((m) => m.raw.includes("client never sees"))).toBe(true);
    expect(smtp.mails.filter((m) => m.to.includes("client@atelier.local")).some((m) => m.raw.includes("client never sees"))).toBe(false);

    await as(studio()).annotations.resolve({ annotationId: pin.id, resolved: true });
    expect((await as(acme()).annotations.list({ proofId: proof.id }))[0]?.resolvedAt).toBeInstanceOf(Date);
  });
});
