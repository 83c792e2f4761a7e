// Revocation takes effect: after a person is deactivated or moved to another business, their file links, the proof
// ZIP and the invoice PDF link are refused at once (the web app checks them when used), and their upload ticket
// within its lifetime, which a server setting (UPLOAD_TICKET_TTL_S) shortens here to seconds (the default is five
// minutes); asking for a new one is refused at once.

import { seedLivingDemo } from "@atelier/db";
import type { TestDatabase } from "@atelier/db/testing";
import { assetPath, createUploader, fromBytes } from "@atelier/upload-engine";
import { nodeBase64, nodeSha256 } from "@atelier/upload-engine/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUploadStore } from "../src/server/demo-files";
import { callTrpc, type RunningApp, type Stack, startStack, type UploadServers } from "./harness";

const TICKET_TTL_S = 3;
const CLIENT = "client@atelier.local";
const ADMIN = "admin@atelier.local";

describe("revocation (built app, PostgreSQL, upload servers)", () => {
  const shape = { database: true, smtp: true, uploads: true } as const;
  let stack: Stack<typeof shape>;
  let t: TestDatabase;
  let uploads: UploadServers;
  let app: RunningApp;

  beforeAll(async () => {
    stack = await startStack(shape, {
      // The demo studio, its files written where the upload servers keep theirs.
      seed: ({ t, uploads }) => seedLivingDemo(t.db, new Date(), demoUploadStore(uploads.storeDir!)),
      env: { UPLOAD_TICKET_TTL_S: String(TICKET_TTL_S) },
    });
    ({ t, uploads, app } = stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function sessionCookie(email: string): Promise<string> {
    const user = await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const token = `${email}-${Math.random().toString(36).slice(2)}`;
    await t.db
      .insertInto("sessions")
      .values({ id: crypto.randomUUID(), sessionToken: token, userId: user.id, expires: new Date(Date.now() + 86_400_000) })
      .execute();
    return `next-auth.session-token=${token}`;
  }

  /** A project of the demo client's business with a file, a proof round and an invoice that was sent. */
  async function clientsThings() {
    const client = await t.db.selectFrom("users").select(["id", "businessId"]).where("email", "=", CLIENT).executeTakeFirstOrThrow();
    const proof = await t.db
      .selectFrom("proofs")
      .innerJoin("projects", "projects.id", "proofs.projectId")
      .select(["proofs.id", "proofs.projectId"])
      .where("projects.businessId", "=", client.businessId!)
      .limit(1)
      .executeTakeFirstOrThrow();
    const invoice = await t.db
      .selectFrom("invoices")
      .select("id")
      .where("businessId", "=", client.businessId!)
      .where("status", "!=", "draft")
      .limit(1)
      .executeTakeFirstOrThrow();
    return { client, proof, invoice };
  }

  const get = (url: string, cookie?: string) => fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  /** Every link the client holds, and whether each still answers with content. */
  async function links(cookie: string) {
    const { proof, invoice } = await clientsThings();
    const project = (await callTrpc(app.url, cookie, "projects.byId", { id: proof.projectId }, "GET")) as {
      files: { downloadUrl: string }[];
    };
    const proofs = (await callTrpc(app.url, cookie, "proofs.list", { projectId: proof.projectId }, "GET")) as {
      zipUrl: string;
      files: { downloadUrl: string }[];
    }[];
    const { url: pdfUrl } = (await callTrpc(app.url, cookie, "invoices.pdfUrl", { id: invoice.id }, "GET")) as { url: string };
    const file = project.files[0]?.downloadUrl ?? proofs[0]?.files[0]?.downloadUrl;
    if (!file) throw new Error("the demo project has no file");
    return { file, zip: proofs[0]!.zipUrl, pdf: pdfUrl };
  }

  async function answers(held: { file: string; zip: string; pdf: string }, cookie: string) {
    const file = await get(held.file, cookie);
    const bytes = file.status === 302 ? await fetch(file.headers.get("location") ?? "") : file;
    return { file: bytes.status, zip: (await get(held.zip, cookie)).status, pdf: (await get(held.pdf)).status };
  }

  async function ticketFor(cookie: string, projectId: string) {
    return (await callTrpc(app.url, cookie, "uploads.ticket", { projectId, kind: "materials" }, "GET")) as {
      ticket: string;
      expiresAt: string;
      balancerUrl: string;
      folder: string;
    };
  }

  async function uploadWith(ticket: string, folder: string, name: string) {
    const uploader = createUploader({
      balancerUrl: uploads.balancerUrl,
      fetch,
      base64: nodeBase64,
      sha256: nodeSha256,
      headers: { authorization: `Bearer ${ticket}` },
    });
    const bytes = new TextEncoder().encode(`bytes of ${name}`);
    const [outcome] = await uploader.upload([{ source: fromBytes(bytes, { name, type: "text/plain" }), urlPath: assetPath(folder, name) }]);
    return outcome!;
  }

  it("a deactivated client's links are refused at once and their ticket once it expires", async () => {
    const cookie = await sessionCookie(CLIENT);
    const { client, proof } = await clientsThings();
    const held = await links(cookie);
    expect(await answers(held, cookie)).toEqual({ file: 200, zip: 200, pdf: 200 });
    const access = await ticketFor(cookie, proof.projectId);
    expect((await uploadWith(access.ticket, access.folder, "before.txt")).ok).toBe(true);

    const admin = await sessionCookie(ADMIN);
    await callTrpc(app.url, admin, "users.setActive", { id: client.id, active: false });
    // The other test signs the same client in: active again however this one ends.
    try {
      // Deactivation ends the session: the file and ZIP links ask for a sign-in; the PDF link's holder is no longer active.
      expect(await answers(held, cookie)).toEqual({ file: 401, zip: 401, pdf: 404 });
      await expect(ticketFor(cookie, proof.projectId)).rejects.toThrow(/401/);

      // The ticket already handed out lives at most its lifetime, then the upload servers refuse it.
      const expiresAt = new Date(access.expiresAt).getTime();
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(TICKET_TTL_S * 1000);
      await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now()) + 100));
      const late = await uploadWith(access.ticket, access.folder, "after.txt");
      expect(late.ok).toBe(false);
      const listing = await fetch(
        `${uploads.serverUrls[0]}/files/${access.folder.split("/").map(encodeURIComponent).join("/")}/before.txt`,
        { headers: { authorization: `Bearer ${access.ticket}` } },
      );
      expect(listing.status).toBe(401);
    } finally {
      await callTrpc(app.url, admin, "users.setActive", { id: client.id, active: true });
    }
  });

  it("a client moved to another business loses the old business's links at once", async () => {
    const cookie = await sessionCookie(CLIENT);
    const { client } = await clientsThings();
    const held = await links(cookie);
    expect(await answers(held, cookie)).toEqual({ file: 200, zip: 200, pdf: 200 });
    const other = await t.db.selectFrom("businesses").select("id").where("id", "!=", client.businessId!).limit(1).executeTakeFirstOrThrow();
    const admin = await sessionCookie(ADMIN);
    await callTrpc(app.url, admin, "users.setAccess", { id: client.id, businessId: other.id });
    // The other test finds the client in its own business: moved back however this one ends.
    try {
      expect(await answers(held, cookie)).toEqual({ file: 404, zip: 404, pdf: 404 });
    } finally {
      await callTrpc(app.url, admin, "users.setAccess", { id: client.id, businessId: client.businessId });
    }
    expect(await answers(held, cookie)).toEqual({ file: 200, zip: 200, pdf: 200 });
  });
});
