// Attacks on project files, against real PostgreSQL and the real upload balancer and servers:
// destroying the studio's delivery by registering its URL in another spelling and removing that,
// and reaching another business's files through a folder its name shares.
import { createHash, randomBytes } from "node:crypto";
import { createBusiness, DEMO_USERS, seedDemo, setUserBusiness } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { FileKind, SessionUser } from "@atelier/domain";
import { createUploader, type FetchLike, fromBytes } from "@atelier/upload-engine";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createFileDownloadHandler } from "./index";
import { openFileLink } from "./testing/downloads";

const [, creative] = DEMO_USERS;
const secret = "security-test-secret-0123456789";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const staff: SessionUser = { ...creative, image: null, emailNotification: false, businessId: null };
const clientOf = (id: string, businessId: string): SessionUser => ({
  id,
  name: id,
  email: `${id}@example.test`,
  role: "client",
  image: null,
  emailNotification: false,
  businessId,
});

describe("project files under attack", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  const as = (user: SessionUser) =>
    createCaller({
      db: t.db,
      user,
      // The upload servers check tickets and links against the real clock.
      now: () => new Date(),
      files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl },
      live: { publish: async () => undefined },
    });

  async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
    return promise.then(
      () => undefined,
      (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
    );
  }

  const uploaderFor = (access: { ticket: string; balancerUrl: string }) =>
    createUploader({
      balancerUrl: access.balancerUrl,
      fetch: globalThis.fetch as unknown as FetchLike,
      headers: { authorization: `Bearer ${access.ticket}` },
      // A refusal is final; a retry would only wait.
      sleep: async () => undefined,
    });

  /** Uploads through the real client with a ticket the API issues, as the dialog does; answers the upload's answer URL. */
  async function upload(user: SessionUser, projectId: string, kind: FileKind, name: string, bytes: Uint8Array) {
    const { ticket, balancerUrl, folder } = await as(user).uploads.ticket({ projectId, kind });
    const [outcome] = await uploaderFor({ ticket, balancerUrl }).upload([
      { source: fromBytes(bytes, { name }), urlPath: `${folder}/${name}` },
    ]);
    if (!outcome?.ok) throw new Error(`upload failed: ${JSON.stringify(outcome)}`);
    return { url: outcome.url, ticket, folder };
  }

  async function newProject(businessId: string, title: string) {
    return (await as(staff).projects.create({ title, event: "flyer", businessId })).id;
  }

  beforeAll(async () => {
    [t, uploads] = await Promise.all([createTestDatabase(), startUploadServers(secret)]);
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "joes-1", name: "Joe's Pizza" });
    await createBusiness(t.db, { id: "joes-2", name: "Joes Pizza" });
    await t.db
      .insertInto("users")
      .values([
        { id: "joe", name: "joe", email: "joe@example.test", role: "client" },
        { id: "jo", name: "jo", email: "jo@example.test", role: "client" },
      ])
      .execute();
    await setUserBusiness(t.db, "joe", "joes-1");
    await setUserBusiness(t.db, "jo", "joes-2");
  });
  afterAll(async () => {
    await uploads?.close();
    await t?.destroy();
  });

  it("a client who adds the studio's delivery again under any spelling of its URL and removes it leaves the studio's bytes downloadable", async () => {
    const joe = clientOf("joe", "joes-1");
    const projectId = await newProject("joes-1", "Summer menu");
    const delivery = randomBytes(64 * 1024);
    const { url } = await upload(staff, projectId, "print_ready", "final.pdf", delivery);
    await as(staff).projects.addFiles({
      projectId,
      kind: "print_ready",
      files: [{ id: "studio", url, thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name: "final.pdf" }],
    });
    const studioFile = (await as(staff).projects.byId({ id: projectId })).files[0]!;
    const downloadable = async () => {
      const files = (await as(staff).projects.byId({ id: projectId })).files;
      const link = files.find((f) => f.id === studioFile.id)?.downloadUrl;
      expect(link).toEqual(expect.any(String));
      const answer = await openFileLink({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl } }, staff, link!);
      return answer.status === 200 && sha256(new Uint8Array(await answer.arrayBuffer())) === sha256(delivery);
    };
    expect(await downloadable()).toBe(true);

    const parsed = new URL(url);
    const otherServer = uploads.serverUrls.find((s) => s !== parsed.origin)!;
    const spellings = [
      `${url}?dup=1`,
      `${url}#dup`,
      `${url}?token=x&dup=2`,
      url.replace(parsed.origin, otherServer),
      url.replace("127.0.0.1", "localhost"),
      url.replace("final.pdf", "%66inal.pdf"),
      url.replace("/final.pdf", "/x/../final.pdf"),
      url.replace("/final.pdf", "/%2e/final.pdf"),
      url,
    ];
    for (const spelling of spellings) {
      const added = await codeOf(
        as(joe).projects.addFiles({
          projectId,
          kind: "print_ready",
          files: [{ id: "mine", url: spelling, thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name: "mine.pdf" }],
        }),
      );
      // Either refused outright, or kept as one more record of the same stored file.
      expect([undefined, "BAD_REQUEST"]).toContain(added);
      for (const file of (await as(joe).projects.byId({ id: projectId })).files.filter((f) => f.uploadedBy === "joe"))
        await as(joe).projects.removeFile({ id: file.id });
      expect(await downloadable(), spelling).toBe(true);
    }
    expect(await codeOf(as(joe).projects.removeFile({ id: studioFile.id }))).toBe("FORBIDDEN");
    expect(await downloadable()).toBe(true);

    // The studio's next delivery, stored but not yet on the project: a client that registers it as its
    // own and removes it still cannot delete bytes someone else stored.
    const unregistered = randomBytes(32 * 1024);
    const next = await upload(staff, projectId, "print_ready", "final-v2.pdf", unregistered);
    await as(joe).projects.addFiles({
      projectId,
      kind: "print_ready",
      files: [{ id: "claimed", url: next.url, thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name: "claimed.pdf" }],
    });
    const claimed = (await as(joe).projects.byId({ id: projectId })).files.find((f) => f.uploadedBy === "joe");
    await as(joe).projects.removeFile({ id: claimed!.id });
    await as(staff).projects.addFiles({
      projectId,
      kind: "print_ready",
      files: [{ id: "studio-2", url: next.url, thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name: "final-v2.pdf" }],
    });
    const v2 = (await as(staff).projects.byId({ id: projectId })).files.find((f) => f.name === "final-v2.pdf");
    const answer = await openFileLink({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl } }, staff, v2!.downloadUrl!);
    expect(answer.status).toBe(200);
    expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(sha256(unregistered));

    // The studio taking its own file off the project, with no other record left, does delete the bytes.
    const bytesLink = await createFileDownloadHandler({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl } })(staff, [
      "project",
      studioFile.id,
    ]);
    await as(staff).projects.removeFile({ id: studioFile.id });
    expect((await fetch(bytesLink.headers.get("location") ?? "")).status).toBe(404);
  });

  it("two businesses whose names sanitise alike get folders of their own, and neither reaches the other's files", async () => {
    const joe = clientOf("joe", "joes-1");
    const jo = clientOf("jo", "joes-2");
    const joesProject = await newProject("joes-1", "Menu");
    const josProject = await newProject("joes-2", "Menu");
    const secretMenu = randomBytes(1024);
    const joes = await upload(joe, joesProject, "materials", "menu.pdf", secretMenu);
    const jos = await as(jo).uploads.ticket({ projectId: josProject, kind: "materials" });
    expect(jos.folder).not.toBe(joes.folder);
    expect(jos.folder.split("/")[0]).not.toBe(joes.folder.split("/")[0]);

    // Jo's ticket neither reads Joe's file nor stores into Joe's folder.
    const read = await fetch(joes.url, { headers: { authorization: `Bearer ${jos.ticket}` } });
    expect(read.status).toBe(403);
    const [intrusion] = await uploaderFor(jos).upload([
      { source: fromBytes(new Uint8Array(8), { name: "x.pdf" }), urlPath: `${joes.folder}/x.pdf` },
    ]);
    expect(intrusion?.ok).toBe(false);

    // Nor can Jo register Joe's file with Jo's own project, to be handed a signed link to it.
    expect(
      await codeOf(
        as(jo).projects.addFiles({
          projectId: josProject,
          kind: "materials",
          files: [{ id: "g", url: joes.url, thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name: "menu.pdf" }],
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect((await as(jo).projects.byId({ id: josProject })).files).toEqual([]);
    // Joe's own ticket still reads it.
    const own = await fetch(joes.url, { headers: { authorization: `Bearer ${joes.ticket}` } });
    expect(sha256(new Uint8Array(await own.arrayBuffer()))).toBe(sha256(secretMenu));
  });
});
