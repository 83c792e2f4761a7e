// Each webhook event is written by the mutation that causes it, in its transaction, with the data docs/webhooks.md
// promises: on real PostgreSQL with the real upload servers (proofs hash the stored bytes), from a project's start to
// its invoice being paid.
import { createHash, randomBytes } from "node:crypto";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { type SessionUser, WEBHOOK_EVENTS } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { createUploader, type FetchLike, fromBytes } from "@atelier/upload-engine";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";

const [admin, designer, client] = DEMO_USERS;
const secret = "webhook-events-test-secret-0123456789";
const session = (u: (typeof DEMO_USERS)[number], businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});
const boss = () => session(admin, null);
const studio = () => session(designer, null);
const acme = () => session(client, DEMO_BUSINESS.id);

interface Told {
  type: string;
  timestamp: string;
  data: Record<string, unknown> & { actor: { id: string } };
}

describe("webhook events from their mutations", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  // Mail is written to the outbox as it would be (the events' links use its appUrl); nothing here sends it.
  let outbox: Outbox;
  const as = (user: SessionUser) =>
    createCaller({
      db: t.db,
      user,
      now: () => new Date(),
      files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl },
      mail: { outbox, appUrl: "http://app.test", digestWindowMs: 0, signInLink: async () => "" },
      webhooks: { allowPrivate: true },
    });
  /** The events told since the last call, oldest first, as their bodies say. */
  let seen = 0;
  async function told(): Promise<Told[]> {
    const rows = await t.db.selectFrom("webhookDeliveries").select("body").orderBy("createdAt").orderBy("type").execute();
    const fresh = rows.slice(seen).map((r) => JSON.parse(r.body) as Told);
    seen = rows.length;
    return fresh;
  }

  async function addFile(user: SessionUser, projectId: string, name: string, bytes: Uint8Array) {
    const { ticket, balancerUrl, folder } = await as(user).uploads.ticket({ projectId, kind: "materials" });
    const uploader = createUploader({
      balancerUrl,
      fetch: globalThis.fetch as unknown as FetchLike,
      headers: { authorization: `Bearer ${ticket}` },
      sleep: async () => undefined,
    });
    const [outcome] = await uploader.upload([{ source: fromBytes(bytes, { name }), urlPath: `${folder}/${name}` }]);
    if (!outcome?.ok) throw new Error(`upload failed: ${JSON.stringify(outcome)}`);
    const { ids } = await as(user).projects.addFiles({
      projectId,
      kind: "materials",
      files: [
        {
          id: randomBytes(8).toString("hex"),
          url: outcome.url,
          thumbnail: "/placeholder.svg",
          blur: "/placeholder.svg",
          name,
          size: bytes.length,
          type: "application/pdf",
        },
      ],
    });
    return ids[0] ?? "";
  }

  beforeAll(async () => {
    [t, uploads] = await Promise.all([createTestDatabase(), startUploadServers(secret)]);
    outbox = createOutbox({ db: t.db, transport: createMailer({ from: "studio@atelier.test", db: t.db, log: () => {} }) });
    await seedDemo(t.db);
    await as(boss()).webhooks.create({ url: "http://127.0.0.1:9/all", events: [...WEBHOOK_EVENTS] });
  });
  afterAll(async () => {
    await uploads?.close();
    await t?.destroy();
  });

  it("tells of a project, its thread, files, proofs, decisions and invoice as each happens", async () => {
    const project = {
      title: "Autumn menu",
      url: expect.stringMatching(/^http:\/\/app\.test\/projects\//),
      business: { id: DEMO_BUSINESS.id, name: DEMO_BUSINESS.name },
    };
    const { id: projectId } = await as(acme()).projects.create({ title: "Autumn menu", event: "print" });
    expect(await told()).toEqual([
      expect.objectContaining({
        type: "project.created",
        data: expect.objectContaining({ project: expect.objectContaining({ id: projectId, ...project, kind: "print" }) }),
      }),
    ]);

    const brief = await as(acme()).comments.create({ projectId, body: "Here is the brief", event: "briefing" });
    expect(await told()).toEqual([
      {
        type: "comment.created",
        timestamp: expect.any(String),
        data: {
          comment: {
            id: brief.id,
            body: "Here is the brief",
            event: "briefing",
            internal: false,
            parentId: null,
            url: `http://app.test/projects/${projectId}?id=${brief.id}`,
          },
          project: expect.objectContaining({ id: projectId, ...project }),
          actor: { id: client.id, name: client.name, role: "client" },
        },
      },
    ]);

    const bytes = randomBytes(40 * 1024);
    const fileId = await addFile(studio(), projectId, "menu.pdf", bytes);
    expect(await told()).toEqual([
      expect.objectContaining({
        type: "file.added",
        data: expect.objectContaining({
          files: [
            expect.objectContaining({ id: fileId, name: "menu.pdf", kind: "materials", size: bytes.length, type: "application/pdf" }),
          ],
        }),
      }),
    ]);

    const first = await as(studio()).proofs.create({ projectId, fileIds: [fileId], note: "First take" });
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    expect(await told()).toEqual([
      expect.objectContaining({
        type: "proof.sent",
        data: expect.objectContaining({
          proof: expect.objectContaining({
            id: first.id,
            round: 1,
            note: "First take",
            files: [{ id: fileId, name: "menu.pdf", sha256, size: bytes.length }],
          }),
          actor: expect.objectContaining({ id: designer.id }),
        }),
      }),
    ]);

    await as(acme()).proofs.requestChanges({ proofId: first.id, body: "Bigger logo" });
    expect(await told()).toEqual([
      expect.objectContaining({
        type: "proof.decided",
        data: expect.objectContaining({
          decision: "changes_requested",
          proof: { id: first.id, round: 1, url: `http://app.test/projects/${projectId}#round-1` },
          comment: expect.objectContaining({ body: "Bigger logo" }),
        }),
      }),
    ]);

    const second = await as(studio()).proofs.create({ projectId, fileIds: [fileId] });
    expect((await told()).map((e) => e.type)).toEqual(["proof.sent"]);
    await as(acme()).proofs.approve({ proofId: second.id });
    expect(await told()).toEqual([
      expect.objectContaining({
        type: "proof.decided",
        data: expect.objectContaining({ decision: "approved", proof: expect.objectContaining({ id: second.id, round: 2 }) }),
      }),
    ]);

    const { id: invoiceId, number } = await as(boss()).invoices.create({
      businessId: DEMO_BUSINESS.id,
      projectId,
      lines: [{ description: "Menu design", quantity: 2, unitAmount: 15_000 }],
    });
    expect(await told()).toEqual([]);
    await as(boss()).invoices.send({ id: invoiceId });
    expect(await told()).toEqual([
      expect.objectContaining({
        type: "invoice.sent",
        data: expect.objectContaining({
          invoice: expect.objectContaining({
            id: invoiceId,
            number,
            total: 30_000,
            projectId,
            url: `http://app.test/invoices/${invoiceId}`,
          }),
        }),
      }),
    ]);
    // A payment that leaves a balance does not make it paid; the one that settles it does.
    await as(boss()).invoices.recordPayment({ id: invoiceId, amount: 10_000, paidOn: "2026-11-28" });
    expect(await told()).toEqual([]);
    await as(boss()).invoices.recordPayment({ id: invoiceId, amount: 20_000, paidOn: "2026-11-29" });
    expect(await told()).toEqual([
      expect.objectContaining({
        type: "invoice.paid",
        data: expect.objectContaining({ invoice: expect.objectContaining({ id: invoiceId, paidOn: "2026-11-29" }) }),
      }),
    ]);
  });

  it("writes no event when its cause is refused", async () => {
    const { id: projectId } = await as(acme()).projects.create({ title: "Refused", event: "flyer" });
    await told();
    // An internal note is not told to this endpoint (not marked internal); a reply to it that would tell the client
    // something is refused. A payment larger than the balance is refused inside its transaction: nothing is told.
    const note = await as(studio()).comments.create({ projectId, body: "Internal", event: "shadow" });
    expect((await told()).map((e) => e.type)).toEqual([]);
    await expect(as(studio()).comments.create({ projectId, body: "Approved", event: "approved", parentId: note.id })).rejects.toThrow();
    const { id } = await as(boss()).invoices.create({
      businessId: DEMO_BUSINESS.id,
      lines: [{ description: "Flyer", quantity: 1, unitAmount: 100 }],
    });
    await as(boss()).invoices.send({ id });
    expect((await told()).map((e) => e.type)).toEqual(["invoice.sent"]);
    await expect(as(boss()).invoices.recordPayment({ id, amount: 200, paidOn: "2026-11-28" })).rejects.toThrow();
    expect(await told()).toEqual([]);
  });
});
